// Package jobs defines the asynq task types, their payloads and the
// helpers used to enqueue and register them.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task types.
const (
	TypeLabManifest          = "lab:send_manifest"
	TypeAllocateOrder        = "orders:allocate"
	TypeIssueVoucher         = "rewards:issue_voucher"
	TypeAppointmentReminders = "notify:appointment_reminders"
	TypeExpireComponents     = "inventory:expire_components"
)

// Queues.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type LabManifestPayload struct {
	DonationNumber string `json:"donation_number"`
}

type AllocateOrderPayload struct {
	OrderID uuid.UUID `json:"order_id"`
}

type IssueVoucherPayload struct {
	VoucherID uuid.UUID `json:"voucher_id"`
}

// Empty is the payload of scheduled tasks.
type Empty struct{}

// Enqueuer puts tasks on the queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) (string, error)
}

type asynqEnqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(client *asynq.Client) Enqueuer { return &asynqEnqueuer{client: client} }

// Enqueue marshals payload and enqueues it. A task whose ID is already
// queued counts as enqueued.
func (e *asynqEnqueuer) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) (string, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return "", fmt.Errorf("marshal %s payload: %w", taskType, err)
	}
	info, err := e.client.EnqueueContext(ctx, asynq.NewTask(taskType, body), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("enqueue %s: %w", taskType, err)
	}
	return info.ID, nil
}

// Handlers maps a task type to the function that processes it. The worker
// mounts every entry on its ServeMux.
type Handlers map[string]asynq.HandlerFunc

// Mount registers every handler on mux.
func (h Handlers) Mount(mux *asynq.ServeMux) {
	for taskType, fn := range h {
		mux.Handle(taskType, fn)
	}
}

// Typed adapts a function taking a decoded payload to an asynq handler.
// Payloads that cannot be decoded are skipped rather than retried.
func Typed[T any](fn func(ctx context.Context, payload T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p T
		if len(t.Payload()) > 0 {
			if err := json.Unmarshal(t.Payload(), &p); err != nil {
				return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
			}
		}
		return fn(ctx, p)
	}
}
