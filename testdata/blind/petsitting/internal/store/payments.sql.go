package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const depositColumns = `booking_id, payment_intent_id, amount_cents, currency, status, captured_at, created_at`

const getDeposit = `SELECT ` + depositColumns + ` FROM deposits WHERE booking_id = $1`

func (q *Queries) GetDeposit(ctx context.Context, bookingID uuid.UUID) (Deposit, error) {
	rows, err := q.db.Query(ctx, getDeposit, bookingID)
	return collectOne[Deposit](rows, err)
}

const upsertDeposit = `INSERT INTO deposits (booking_id, payment_intent_id, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (booking_id) DO UPDATE
SET payment_intent_id = EXCLUDED.payment_intent_id,
    amount_cents = EXCLUDED.amount_cents,
    status = EXCLUDED.status
RETURNING ` + depositColumns

type UpsertDepositParams struct {
	BookingID       uuid.UUID
	PaymentIntentID string
	AmountCents     int64
	Currency        string
	Status          string
}

func (q *Queries) UpsertDeposit(ctx context.Context, arg UpsertDepositParams) (Deposit, error) {
	rows, err := q.db.Query(ctx, upsertDeposit, arg.BookingID, arg.PaymentIntentID, arg.AmountCents, arg.Currency, arg.Status)
	return collectOne[Deposit](rows, err)
}

const markDepositHeld = `UPDATE deposits SET status = 'held'
WHERE payment_intent_id = $1 AND status = 'pending'`

func (q *Queries) MarkDepositHeld(ctx context.Context, paymentIntentID string) (int64, error) {
	tag, err := q.db.Exec(ctx, markDepositHeld, paymentIntentID)
	return tag.RowsAffected(), err
}

const markDepositCaptured = `UPDATE deposits SET status = 'captured', captured_at = now()
WHERE booking_id = $1 AND status = 'held'`

func (q *Queries) MarkDepositCaptured(ctx context.Context, bookingID uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, markDepositCaptured, bookingID)
	return tag.RowsAffected(), err
}

const markDepositCapturedByIntent = `UPDATE deposits SET status = 'captured', captured_at = coalesce(captured_at, now())
WHERE payment_intent_id = $1 AND status IN ('pending', 'held')
RETURNING booking_id`

func (q *Queries) MarkDepositCapturedByIntent(ctx context.Context, paymentIntentID string) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, markDepositCapturedByIntent, paymentIntentID).Scan(&id)
	return id, err
}

const getDepositByIntent = `SELECT ` + depositColumns + ` FROM deposits WHERE payment_intent_id = $1`

func (q *Queries) GetDepositByIntent(ctx context.Context, paymentIntentID string) (Deposit, error) {
	rows, err := q.db.Query(ctx, getDepositByIntent, paymentIntentID)
	return collectOne[Deposit](rows, err)
}

const markDepositReleased = `UPDATE deposits SET status = 'released'
WHERE booking_id = $1 AND status IN ('pending', 'held')`

func (q *Queries) MarkDepositReleased(ctx context.Context, bookingID uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, markDepositReleased, bookingID)
	return tag.RowsAffected(), err
}

const refundColumns = `id, booking_id, amount_cents, reason, status, stripe_refund_id, completed_at, created_at`

const createRefund = `INSERT INTO refunds (id, booking_id, amount_cents, reason)
VALUES ($1, $2, $3, $4)
RETURNING ` + refundColumns

func (q *Queries) CreateRefund(ctx context.Context, id, bookingID uuid.UUID, amount int64, reason string) (Refund, error) {
	rows, err := q.db.Query(ctx, createRefund, id, bookingID, amount, reason)
	return collectOne[Refund](rows, err)
}

const getRefund = `SELECT ` + refundColumns + ` FROM refunds WHERE id = $1`

func (q *Queries) GetRefund(ctx context.Context, id uuid.UUID) (Refund, error) {
	rows, err := q.db.Query(ctx, getRefund, id)
	return collectOne[Refund](rows, err)
}

const completeRefund = `UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, completed_at = now()
WHERE id = $1 AND status = 'pending'`

func (q *Queries) CompleteRefund(ctx context.Context, id uuid.UUID, stripeRefundID *string) (int64, error) {
	tag, err := q.db.Exec(ctx, completeRefund, id, stripeRefundID)
	return tag.RowsAffected(), err
}

const tipColumns = `id, booking_id, request_key, amount_cents, status, payment_intent_id, created_at`

const claimTip = `INSERT INTO tips (id, booking_id, request_key, amount_cents)
VALUES ($1, $2, $3, $4)
ON CONFLICT (booking_id, request_key) DO NOTHING
RETURNING ` + tipColumns

// ClaimTip inserts the tip for (booking, request key) or, if a previous
// request already claimed it, returns the existing row with created=false.
func (q *Queries) ClaimTip(ctx context.Context, id, bookingID uuid.UUID, requestKey string, amount int64) (Tip, bool, error) {
	rows, err := q.db.Query(ctx, claimTip, id, bookingID, requestKey, amount)
	t, err := collectOne[Tip](rows, err)
	if err == nil {
		return t, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return Tip{}, false, err
	}
	rows, err = q.db.Query(ctx, `SELECT `+tipColumns+` FROM tips WHERE booking_id = $1 AND request_key = $2`, bookingID, requestKey)
	t, err = collectOne[Tip](rows, err)
	return t, false, err
}

const markTipSucceeded = `UPDATE tips SET status = 'succeeded', payment_intent_id = $2
WHERE id = $1 AND status = 'pending'`

func (q *Queries) MarkTipSucceeded(ctx context.Context, id uuid.UUID, paymentIntentID string) (int64, error) {
	tag, err := q.db.Exec(ctx, markTipSucceeded, id, paymentIntentID)
	return tag.RowsAffected(), err
}

const addEarning = `INSERT INTO sitter_earnings (sitter_id, booking_id, kind, amount_cents)
VALUES ($1, $2, $3, $4)`

func (q *Queries) AddEarning(ctx context.Context, e Earning) error {
	_, err := q.db.Exec(ctx, addEarning, e.SitterID, e.BookingID, e.Kind, e.AmountCents)
	return err
}

const unsettledBalances = `SELECT e.sitter_id, sum(e.amount_cents)::bigint AS amount_cents
FROM sitter_earnings e
JOIN bookings b ON b.id = e.booking_id
WHERE e.payout_id IS NULL AND e.earned_at < $1 AND b.status = 'completed'
GROUP BY e.sitter_id
HAVING sum(e.amount_cents) > 0`

func (q *Queries) UnsettledBalances(ctx context.Context, before time.Time) ([]SitterBalance, error) {
	rows, err := q.db.Query(ctx, unsettledBalances, before)
	return collectAll[SitterBalance](rows, err)
}

const settleEarnings = `UPDATE sitter_earnings e SET payout_id = $2, settled_at = now()
FROM bookings b
WHERE b.id = e.booking_id AND b.status = 'completed'
  AND e.sitter_id = $1 AND e.payout_id IS NULL AND e.earned_at < $3`

func (q *Queries) SettleEarnings(ctx context.Context, sitterID uuid.UUID, payoutID string, before time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, settleEarnings, sitterID, payoutID, before)
	return tag.RowsAffected(), err
}

const payoutColumns = `id, sitter_id, period_start, period_end, amount_cents, currency, status, stripe_transfer_id, paid_at, created_at`

const createPayout = `INSERT INTO payouts (id, sitter_id, period_start, period_end, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING ` + payoutColumns

type CreatePayoutParams struct {
	ID          string
	SitterID    uuid.UUID
	PeriodStart time.Time
	PeriodEnd   time.Time
	AmountCents int64
	Currency    string
}

func (q *Queries) CreatePayout(ctx context.Context, arg CreatePayoutParams) (Payout, error) {
	rows, err := q.db.Query(ctx, createPayout, arg.ID, arg.SitterID, arg.PeriodStart, arg.PeriodEnd, arg.AmountCents, arg.Currency)
	return collectOne[Payout](rows, err)
}

const getPayout = `SELECT ` + payoutColumns + ` FROM payouts WHERE id = $1`

func (q *Queries) GetPayout(ctx context.Context, id string) (Payout, error) {
	rows, err := q.db.Query(ctx, getPayout, id)
	return collectOne[Payout](rows, err)
}

const markPayoutPaid = `UPDATE payouts SET status = 'paid', stripe_transfer_id = $2, paid_at = now()
WHERE id = $1 AND status = 'pending'`

func (q *Queries) MarkPayoutPaid(ctx context.Context, id, transferID string) (int64, error) {
	tag, err := q.db.Exec(ctx, markPayoutPaid, id, transferID)
	return tag.RowsAffected(), err
}

const stripeEventProcessed = `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`

func (q *Queries) StripeEventProcessed(ctx context.Context, eventID string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, stripeEventProcessed, eventID).Scan(&ok)
	return ok, err
}

const recordStripeEvent = `INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING`

func (q *Queries) RecordStripeEvent(ctx context.Context, eventID, eventType string) error {
	_, err := q.db.Exec(ctx, recordStripeEvent, eventID, eventType)
	return err
}
