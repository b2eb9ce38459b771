package db

import (
	"context"
)

const insertPaymentAttempt = `
INSERT INTO payment_attempts (id, order_id, idempotency_key, outcome, error_message)
VALUES ($1, $2, $3, $4, $5)
`

type InsertPaymentAttemptParams struct {
	ID             string
	OrderID        string
	IdempotencyKey string
	Outcome        string
	ErrorMessage   *string
}

func (q *Queries) InsertPaymentAttempt(ctx context.Context, arg InsertPaymentAttemptParams) error {
	_, err := q.db.Exec(ctx, insertPaymentAttempt, arg.ID, arg.OrderID, arg.IdempotencyKey, arg.Outcome, arg.ErrorMessage)
	return err
}

const upsertPayment = `
INSERT INTO payments (id, order_id, stripe_payment_intent_id, status, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (order_id) DO UPDATE
SET stripe_payment_intent_id = EXCLUDED.stripe_payment_intent_id,
    status                   = EXCLUDED.status,
    updated_at               = now()
WHERE payments.status <> 'succeeded'
`

type UpsertPaymentParams struct {
	ID                    string
	OrderID               string
	StripePaymentIntentID string
	Status                string
	AmountCents           int64
}

func (q *Queries) UpsertPayment(ctx context.Context, arg UpsertPaymentParams) error {
	_, err := q.db.Exec(ctx, upsertPayment, arg.ID, arg.OrderID, arg.StripePaymentIntentID, arg.Status, arg.AmountCents)
	return err
}

const paymentColumns = `id, order_id, stripe_payment_intent_id, status, amount_cents, amount_refunded_cents`

func scanPayment(row interface{ Scan(...any) error }) (Payment, error) {
	var p Payment
	err := row.Scan(&p.ID, &p.OrderID, &p.StripePaymentIntentID, &p.Status, &p.AmountCents, &p.AmountRefundedCents)
	return p, err
}

const getPaymentByOrder = `SELECT ` + paymentColumns + ` FROM payments WHERE order_id = $1`

func (q *Queries) GetPaymentByOrder(ctx context.Context, orderID string) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, getPaymentByOrder, orderID))
}

const getPaymentByIntent = `SELECT ` + paymentColumns + ` FROM payments WHERE stripe_payment_intent_id = $1`

func (q *Queries) GetPaymentByIntent(ctx context.Context, intentID string) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, getPaymentByIntent, intentID))
}

const setPaymentStatus = `
UPDATE payments SET status = $2, updated_at = now()
WHERE stripe_payment_intent_id = $1 AND status NOT IN ('succeeded', $2)
`

func (q *Queries) SetPaymentStatus(ctx context.Context, intentID, status string) (int64, error) {
	tag, err := q.db.Exec(ctx, setPaymentStatus, intentID, status)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const addRefundedAmount = `
UPDATE payments SET amount_refunded_cents = amount_refunded_cents + $2, updated_at = now()
WHERE id = $1
`

func (q *Queries) AddRefundedAmount(ctx context.Context, paymentID string, amount int64) error {
	_, err := q.db.Exec(ctx, addRefundedAmount, paymentID, amount)
	return err
}

const insertRefund = `
INSERT INTO refunds (id, payment_id, stripe_refund_id, amount_cents, reason, status, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7)
`

type InsertRefundParams struct {
	ID             string
	PaymentID      string
	StripeRefundID string
	AmountCents    int64
	Reason         string
	Status         string
	CreatedBy      string
}

func (q *Queries) InsertRefund(ctx context.Context, arg InsertRefundParams) error {
	_, err := q.db.Exec(ctx, insertRefund, arg.ID, arg.PaymentID, arg.StripeRefundID, arg.AmountCents, arg.Reason, arg.Status, arg.CreatedBy)
	return err
}

const updateRefundStatus = `UPDATE refunds SET status = $2 WHERE stripe_refund_id = $1 AND status <> $2`

func (q *Queries) UpdateRefundStatus(ctx context.Context, stripeRefundID, status string) error {
	_, err := q.db.Exec(ctx, updateRefundStatus, stripeRefundID, status)
	return err
}

const insertLedgerEntry = `
INSERT INTO ledger_entries (id, order_id, entry_type, amount_cents, reference)
VALUES ($1, $2, $3, $4, $5)
`

type InsertLedgerEntryParams struct {
	ID          string
	OrderID     string
	EntryType   string
	AmountCents int64
	Reference   string
}

func (q *Queries) InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error {
	_, err := q.db.Exec(ctx, insertLedgerEntry, arg.ID, arg.OrderID, arg.EntryType, arg.AmountCents, arg.Reference)
	return err
}

const stripeEventProcessed = `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`

func (q *Queries) StripeEventProcessed(ctx context.Context, eventID string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, stripeEventProcessed, eventID).Scan(&ok)
	return ok, err
}

const recordStripeEvent = `
INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING
`

func (q *Queries) RecordStripeEvent(ctx context.Context, eventID, eventType string) error {
	_, err := q.db.Exec(ctx, recordStripeEvent, eventID, eventType)
	return err
}
