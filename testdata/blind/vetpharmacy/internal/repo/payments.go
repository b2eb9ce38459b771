package repo

import (
	"context"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Payments struct{ s *store.Store }

func NewPayments(s *store.Store) *Payments { return &Payments{s: s} }

func (r *Payments) RecordAttempt(ctx context.Context, p db.InsertPaymentAttemptParams) error {
	return r.s.Q(ctx).InsertPaymentAttempt(ctx, p)
}

func (r *Payments) Upsert(ctx context.Context, p db.UpsertPaymentParams) error {
	return r.s.Q(ctx).UpsertPayment(ctx, p)
}

func (r *Payments) ByOrder(ctx context.Context, orderID string) (db.Payment, error) {
	p, err := r.s.Q(ctx).GetPaymentByOrder(ctx, orderID)
	return p, notFound(err, "payment_not_found", "no payment for order")
}

func (r *Payments) ByIntent(ctx context.Context, intentID string) (db.Payment, error) {
	p, err := r.s.Q(ctx).GetPaymentByIntent(ctx, intentID)
	return p, notFound(err, "payment_not_found", "unknown payment intent")
}

func (r *Payments) SetStatus(ctx context.Context, intentID, status string) (bool, error) {
	n, err := r.s.Q(ctx).SetPaymentStatus(ctx, intentID, status)
	return n == 1, err
}

func (r *Payments) AddRefunded(ctx context.Context, paymentID string, amount int64) error {
	return r.s.Q(ctx).AddRefundedAmount(ctx, paymentID, amount)
}

func (r *Payments) InsertRefund(ctx context.Context, p db.InsertRefundParams) error {
	return r.s.Q(ctx).InsertRefund(ctx, p)
}

func (r *Payments) UpdateRefundStatus(ctx context.Context, stripeRefundID, status string) error {
	return r.s.Q(ctx).UpdateRefundStatus(ctx, stripeRefundID, status)
}

func (r *Payments) Ledger(ctx context.Context, p db.InsertLedgerEntryParams) error {
	return r.s.Q(ctx).InsertLedgerEntry(ctx, p)
}

// Events tracks which Stripe webhook events have been handled.
type Events struct{ s *store.Store }

func NewEvents(s *store.Store) *Events { return &Events{s: s} }

func (r *Events) Processed(ctx context.Context, eventID string) (bool, error) {
	return r.s.Q(ctx).StripeEventProcessed(ctx, eventID)
}

func (r *Events) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	return r.s.Q(ctx).RecordStripeEvent(ctx, eventID, eventType)
}
