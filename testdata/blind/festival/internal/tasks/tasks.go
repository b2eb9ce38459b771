// Package tasks defines the asynq task types, their payloads and the
// enqueue helpers shared by the API, the consumers and the scheduler.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/config"
)

const (
	TypeRefundExecute    = "refund:execute"
	TypeRefundCreateAll  = "refund:create_all"
	TypeTopupAutoreload  = "topup:autoreload"
	TypeVendorAccrueFees = "vendor:accrue_fees"
	TypeNotifyRefundOpen = "notify:refund_window"
	TypeSettlementClose  = "settlement:close_day"
	TypePayoutExecute    = "payout:execute"
	TypePayoutEarly      = "payout:early"
	TypeSMSSend          = "sms:send"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type RefundExecutePayload struct {
	RefundID uuid.UUID `json:"refund_id"`
}

type AutoreloadPayload struct {
	WalletID    uuid.UUID `json:"wallet_id"`
	AmountCents int64     `json:"amount_cents"`
	Trigger     string    `json:"trigger"`
}

type SettlementClosePayload struct {
	// Day is the festival day to close, YYYY-MM-DD in festival local time.
	// Empty means yesterday.
	Day string `json:"day,omitempty"`
}

type PayoutExecutePayload struct {
	PayoutID string `json:"payout_id"`
}

type EarlyPayoutPayload struct {
	RequestID   string    `json:"request_id"`
	VendorID    uuid.UUID `json:"vendor_id"`
	AmountCents int64     `json:"amount_cents"`
}

type SMSSendPayload struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

// New builds a task with a JSON payload.
func New(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	data, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("tasks: encode %s: %w", typ, err)
	}
	return asynq.NewTask(typ, data, opts...), nil
}

// Enqueuer is the subset of *asynq.Client the services use.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Enqueue builds and enqueues a task. A TaskID conflict means the task is
// already queued and is not an error.
func Enqueue(ctx context.Context, e Enqueuer, typ string, payload any, opts ...asynq.Option) error {
	t, err := New(typ, payload)
	if err != nil {
		return err
	}
	if _, err := e.EnqueueContext(ctx, t, opts...); err != nil {
		if errors.Is(err, asynq.ErrTaskIDConflict) {
			return nil
		}
		return fmt.Errorf("tasks: enqueue %s: %w", typ, err)
	}
	return nil
}

// RedisOpt is the wire provider for the asynq Redis connection.
func RedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

// NewClient is the wire provider for the asynq client.
func NewClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

// Retention keeps completed task ids around so TaskID de-duplicates
// enqueues that arrive after the task ran.
const Retention = 72 * time.Hour
