// Package tasks defines the asynq task types, their payloads, and the
// helpers used to enqueue and route them.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task types.
const (
	TypeMonthlyClose       = "billing:monthly_close"
	TypeInvoiceSend        = "billing:invoice_send"
	TypeUsageRollup        = "billing:usage_rollup"
	TypeLateFee            = "billing:late_fee"
	TypeReleaseNoShow      = "bookings:release_no_show"
	TypeActivateMembership = "membership:activate"
	TypeRevokeCards        = "access:revoke_cards"
	TypeGuestReminders     = "guests:send_reminders"
	TypeCompanyNotify      = "webhooks:company_notify"
	TypeOutboxRelay        = "outbox:relay"
)

// Queues.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// PeriodPayload identifies a billing period ("2025-03").
type PeriodPayload struct {
	Period string `json:"period"`
}

// InvoiceSendPayload asks for one member's monthly invoice.
type InvoiceSendPayload struct {
	MemberID uuid.UUID `json:"member_id"`
	Period   string    `json:"period"`
}

// LateFeePayload charges a late fee for an unpaid invoice.
type LateFeePayload struct {
	MemberID        uuid.UUID `json:"member_id"`
	StripeInvoiceID string    `json:"stripe_invoice_id"`
}

// BookingPayload refers to a room booking.
type BookingPayload struct {
	BookingID uuid.UUID `json:"booking_id"`
}

// MembershipPayload refers to a membership.
type MembershipPayload struct {
	MembershipID uuid.UUID `json:"membership_id"`
}

// CompanyNotifyPayload asks for a company webhook notification.
type CompanyNotifyPayload struct {
	CompanyID uuid.UUID `json:"company_id"`
	BookingID uuid.UUID `json:"booking_id"`
	Event     string    `json:"event"`
}

// DatePayload identifies a calendar day.
type DatePayload struct {
	Date string `json:"date"`
}

// New encodes payload into a task.
func New[P any](typ string, payload P, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("encode %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// Decode unmarshals a task payload. Malformed payloads are never retried.
func Decode[P any](t *asynq.Task) (P, error) {
	var p P
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode %s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}

// Handle adapts a typed handler to asynq.HandlerFunc.
func Handle[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// Enqueuer enqueues tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error
}

// Client implements Enqueuer on asynq.Client. A TaskID conflict means the
// same logical task is already queued and is treated as success.
type Client struct {
	c *asynq.Client
}

// NewClient wraps an asynq client.
func NewClient(c *asynq.Client) *Client { return &Client{c: c} }

// Enqueue implements Enqueuer.
func (c *Client) Enqueue(ctx context.Context, t *asynq.Task, opts ...asynq.Option) error {
	_, err := c.c.EnqueueContext(ctx, t, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// Registration binds a task type to its handler. Packages contribute these
// to the worker through the DI container.
type Registration struct {
	Type    string
	Handler asynq.Handler
}

// NewServeMux builds the worker mux from registrations.
func NewServeMux(regs []Registration, mws ...asynq.MiddlewareFunc) (*asynq.ServeMux, error) {
	mux := asynq.NewServeMux()
	mux.Use(mws...)
	seen := map[string]bool{}
	for _, r := range regs {
		if seen[r.Type] {
			return nil, fmt.Errorf("task type %s registered twice", r.Type)
		}
		seen[r.Type] = true
		mux.Handle(r.Type, r.Handler)
	}
	return mux, nil
}

// Period formats t as a billing period.
func Period(t time.Time) string {
	return t.UTC().Format("2006-01")
}
