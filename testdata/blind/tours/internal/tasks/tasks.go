// Package tasks defines the asynq task types, their payloads and the
// enqueuer services use to schedule background work.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Task type names. They are part of the wire format between the API and the
// workers; do not rename without draining the queues.
const (
	TypeHoldPlace              = "hold:place"
	TypeHoldRelease            = "hold:release"
	TypeChargeBalance          = "payment:charge_balance"
	TypeRefundProcess          = "refund:process"
	TypeEmailBookingConfirmed  = "email:booking_confirmation"
	TypeEmailPreDeparture      = "email:predeparture"
	TypeDailySweep             = "scheduler:daily"
	TypePayoutSupplier         = "payout:supplier"
	TypeInvoiceReconcile       = "invoice:reconcile"
	TypeBookingExpireUnpaid    = "booking:expire_unpaid"
	TypeDepartureLockManifests = "departure:lock_manifests"
)

// Queue names.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// BookingPayload is used by tasks that act on one booking.
type BookingPayload struct {
	BookingID string `json:"booking_id"`
}

// RefundPayload identifies a refund row to send to Stripe.
type RefundPayload struct {
	RefundID string `json:"refund_id"`
}

// InvoicePayload identifies a supplier invoice.
type InvoicePayload struct {
	InvoiceID string `json:"invoice_id"`
}

// PreDeparturePayload carries what the pre-departure email needs.
type PreDeparturePayload struct {
	BookingID   string `json:"booking_id"`
	Template    string `json:"template"`
	DaysBefore  int    `json:"days_before"`
	DepartureID string `json:"departure_id"`
}

// ChargeBalancePayload asks for an off-session balance charge.
type ChargeBalancePayload struct {
	BookingID string `json:"booking_id"`
}

// Enqueuer schedules tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error
}

// Client is the asynq-backed Enqueuer.
type Client struct {
	c *asynq.Client
}

// NewClient wraps an asynq client.
func NewClient(c *asynq.Client) *Client { return &Client{c: c} }

// defaults are applied before the caller's options so callers can override.
var defaults = map[string][]asynq.Option{
	TypeHoldPlace:             {asynq.Queue(QueueCritical), asynq.MaxRetry(12), asynq.Retention(72 * time.Hour)},
	TypeHoldRelease:           {asynq.Queue(QueueCritical), asynq.MaxRetry(20), asynq.Retention(72 * time.Hour)},
	TypeChargeBalance:         {asynq.Queue(QueueCritical), asynq.MaxRetry(5), asynq.Retention(7 * 24 * time.Hour)},
	TypeRefundProcess:         {asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Retention(7 * 24 * time.Hour)},
	TypeEmailBookingConfirmed: {asynq.Queue(QueueDefault), asynq.MaxRetry(8), asynq.Retention(72 * time.Hour)},
	TypeEmailPreDeparture:     {asynq.Queue(QueueLow), asynq.MaxRetry(8)},
	TypePayoutSupplier:        {asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Retention(30 * 24 * time.Hour)},
	TypeInvoiceReconcile:      {asynq.Queue(QueueLow), asynq.MaxRetry(5)},
}

// Enqueue marshals payload and enqueues the task. A task ID that is already
// taken means the task was enqueued before, which callers treat as success.
func (c *Client) Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("tasks: marshal %s: %w", taskType, err)
	}
	all := append(append([]asynq.Option{}, defaults[taskType]...), opts...)
	_, err = c.c.EnqueueContext(ctx, asynq.NewTask(taskType, b), all...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("tasks: enqueue %s: %w", taskType, err)
	}
	return nil
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: %w: %v", t.Type(), asynq.SkipRetry, err)
	}
	return v, nil
}
