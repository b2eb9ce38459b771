// Package tasks defines the asynq task types, their payloads and the
// enqueue interface shared by the API, the consumer and the batch.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task type names. The worker's routing table is keyed by these.
const (
	TypeHoldReady      = "notify:hold_ready"
	TypePaymentReceipt = "notify:payment_receipt"
	TypeAutopay        = "fines:autopay"
	TypeOutboxRelay    = "outbox:relay"
)

// Queue names and weights used by the worker.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
)

// HoldReadyPayload asks the worker to tell a patron their hold is waiting.
type HoldReadyPayload struct {
	HoldID string `json:"hold_id"`
}

// PaymentReceiptPayload asks for a receipt e-mail.
type PaymentReceiptPayload struct {
	PaymentID string `json:"payment_id"`
}

// AutopayPayload charges a patron's saved card for open fines.
type AutopayPayload struct {
	PatronID string    `json:"patron_id"`
	RunDate  time.Time `json:"run_date"`
}

// Enqueuer is satisfied by *asynq.Client.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// New builds a task with a JSON payload.
func New(typename string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("tasks: encode %s: %w", typename, err)
	}
	return asynq.NewTask(typename, b, opts...), nil
}

// Decode unmarshals a task payload, wrapping bad payloads so asynq does not
// retry them.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("tasks: decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// IsDuplicate reports whether an enqueue error means the task is already
// known to the queue under the same id.
func IsDuplicate(err error) bool {
	return errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask)
}
