// Package tasks defines the asynq tasks run by tos-worker and the
// registration tables that bind them to handlers and schedules.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task type names.
const (
	TypeAccrueDaily     = "demurrage:accrue_daily"
	TypeClosePeriod     = "demurrage:close_period"
	TypeGenerateInvoice = "demurrage:generate_invoice"
	TypeSendInvoice     = "demurrage:send_invoice"
	TypeAutocharge      = "demurrage:autocharge"
	TypeRelayOutbox     = "edi:relay_outbox"
)

// Queue names.
const (
	QueueBilling = "billing"
	QueueEDI     = "edi"
)

// AccrueDailyPayload selects the day to accrue; empty means yesterday.
type AccrueDailyPayload struct {
	Day string `json:"day,omitempty"`
}

// ClosePeriodPayload selects the period to close; empty means last month.
type ClosePeriodPayload struct {
	Period string `json:"period,omitempty"`
}

// GenerateInvoicePayload identifies one line's invoice for a period.
type GenerateInvoicePayload struct {
	LineCode string `json:"line_code"`
	Period   string `json:"period"`
}

// InvoicePayload identifies an invoice.
type InvoicePayload struct {
	InvoiceID string `json:"invoice_id"`
}

// Enqueuer is the part of *asynq.Client used to queue follow-up tasks.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// enqueueOnce queues a task under a deterministic id. A conflict means the
// task is already queued, running, or recently completed.
func enqueueOnce(ctx context.Context, q Enqueuer, typ string, payload any, taskID string, opts ...asynq.Option) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	opts = append(opts, asynq.TaskID(taskID), asynq.Retention(48*time.Hour))
	_, err = q.EnqueueContext(ctx, asynq.NewTask(typ, body), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s %s: %w", typ, taskID, err)
	}
	return nil
}

func decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil && len(t.Payload()) > 0 {
		return v, fmt.Errorf("%s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
