// Package queue names our asynq task types and wraps the client.
package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

const (
	TypePayoutDisburse    = "payout:disburse"
	TypeCreditIssue       = "credit:issue"
	TypeListingRelist     = "listing:relist"
	TypeOrderCharge       = "order:charge"
	TypeOrderFulfil       = "order:fulfil"
	TypeNotifyEmail       = "notify:email"
	TypeSettlementNightly = "settlement:nightly"
	TypeWholesalePickup   = "wholesale:pickup"
	TypeWholesaleRegrade  = "wholesale:apply-regrade"
	TypeOutboxRelay       = "outbox:relay"
)

const (
	QueueDefault  = "default"
	QueueMoney    = "money"
	QueuePartners = "partners"
)

// Payloads.

type PayoutTask struct {
	PayoutID string `json:"payout_id"`
}

type CopyTask struct {
	CopyID string `json:"copy_id"`
}

type OrderTask struct {
	OrderID string `json:"order_id"`
}

type NotificationTask struct {
	NotificationID string `json:"notification_id"`
}

type SettlementTask struct {
	// BusinessDate is YYYY-MM-DD; empty means "yesterday" in campus time.
	BusinessDate string `json:"business_date,omitempty"`
}

type PickupTask struct {
	BatchID string `json:"batch_id"`
}

type RegradeTask struct {
	PartnerLotID string         `json:"partner_lot_id"`
	Lines        []RegradeDelta `json:"lines"`
}

type RegradeDelta struct {
	CopyID     string `json:"copy_id"`
	DeltaCents int64  `json:"delta_cents"`
	NewGrade   string `json:"new_grade"`
}

// Enqueuer is what services depend on.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error
}

type asynqEnqueuer struct {
	client *asynq.Client
	queues map[string]string
}

// NewEnqueuer routes money tasks and partner tasks to their own queues.
func NewEnqueuer(client *asynq.Client) Enqueuer {
	return &asynqEnqueuer{
		client: client,
		queues: map[string]string{
			TypePayoutDisburse:   QueueMoney,
			TypeCreditIssue:      QueueMoney,
			TypeOrderCharge:      QueueMoney,
			TypeWholesalePickup:  QueuePartners,
			TypeWholesaleRegrade: QueuePartners,
		},
	}
}

func (e *asynqEnqueuer) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s payload: %w", taskType, err)
	}
	q := QueueDefault
	if named, ok := e.queues[taskType]; ok {
		q = named
	}
	all := append([]asynq.Option{asynq.Queue(q), asynq.MaxRetry(12), asynq.Timeout(2 * time.Minute)}, opts...)
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(taskType, b), all...)
	return err
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// Attempt is the zero-based delivery count of the task being handled, or 0
// outside a worker.
func Attempt(ctx context.Context) int {
	n, _ := asynq.GetRetryCount(ctx)
	return n
}
