// Package tasks defines the asynq task types exchanged between the API,
// the scheduler and the worker, with constructors for their payloads.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/summitline/skipass/internal/platform/queue"
)

const (
	TypeEncodePass        = "pass:encode"
	TypeShipCard          = "card:ship"
	TypeChargeInstalment  = "instalment:charge"
	TypeInstalmentReceipt = "notify:instalment-receipt"
	TypeClosureRefunds    = "refund:closure-batch"
	TypeIssueRefund       = "refund:issue"
	TypeGrantRideDay      = "loyalty:grant-day"
	TypeInvoiceReminder   = "notify:invoice-reminder"
)

type EncodePass struct {
	PassID string `json:"pass_id"`
}

type ShipCard struct {
	PassID string `json:"pass_id"`
}

type ChargeInstalment struct {
	InstalmentID int64 `json:"instalment_id"`
}

type InstalmentReceipt struct {
	InstalmentID int64 `json:"instalment_id"`
}

type ClosureRefunds struct {
	ClosureID int64 `json:"closure_id"`
}

// Refund sources understood by refund:issue.
const (
	RefundSourceClaim   = "claim"
	RefundSourceWeather = "weather"
	RefundSourceOrder   = "order"
)

type IssueRefund struct {
	Source string `json:"source"`
	ID     string `json:"id"`
}

type GrantRideDay struct {
	AccountID string `json:"account_id"`
	PassID    string `json:"pass_id"`
	RideDate  string `json:"ride_date"`
}

type InvoiceReminder struct {
	InvoiceID string `json:"invoice_id"`
	Stage     int    `json:"stage"`
}

// New marshals payload into a task of type typ.
func New[P any](typ string, payload P, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("tasks: marshal %s: %w", typ, err)
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// Decode unmarshals the task payload into P.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("tasks: decode %s: %w: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

// Enqueue submits the task. A TaskID that is already queued or retained
// counts as success.
func Enqueue(ctx context.Context, q queue.Enqueuer, t *asynq.Task, opts ...asynq.Option) error {
	_, err := q.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// Default options per task type.
var defaults = map[string][]asynq.Option{
	TypeEncodePass:        {asynq.Queue("critical"), asynq.MaxRetry(12), asynq.Retention(7 * 24 * time.Hour)},
	TypeShipCard:          {asynq.Queue("default"), asynq.MaxRetry(8)},
	TypeChargeInstalment:  {asynq.Queue("critical"), asynq.MaxRetry(3), asynq.Retention(30 * 24 * time.Hour)},
	TypeInstalmentReceipt: {asynq.Queue("notify"), asynq.MaxRetry(10)},
	TypeClosureRefunds:    {asynq.Queue("refunds"), asynq.MaxRetry(10), asynq.Timeout(10 * time.Minute)},
	TypeIssueRefund:       {asynq.Queue("refunds"), asynq.MaxRetry(15), asynq.Retention(30 * 24 * time.Hour)},
	TypeGrantRideDay:      {asynq.Queue("default"), asynq.MaxRetry(10)},
	TypeInvoiceReminder:   {asynq.Queue("notify"), asynq.MaxRetry(10)},
}

// Options returns the default options for typ followed by extra.
func Options(typ string, extra ...asynq.Option) []asynq.Option {
	out := append([]asynq.Option{}, defaults[typ]...)
	return append(out, extra...)
}
