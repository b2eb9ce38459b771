package db

import (
	"context"
	"database/sql"
	"time"
)

const insertPremiumCharge = `-- name: InsertPremiumCharge :exec
INSERT INTO premium_charges (id, policy_id, schedule_id, kind, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (q *Queries) InsertPremiumCharge(ctx context.Context, c PremiumCharge) error {
	_, err := q.db.ExecContext(ctx, insertPremiumCharge,
		c.ID, c.PolicyID, c.ScheduleID, c.Kind, c.AmountCents, c.Currency, c.Status)
	return err
}

const chargeColumns = `id, policy_id, schedule_id, kind, amount_cents, currency, status, payment_intent_id`

func scanCharge(row interface{ Scan(...any) error }) (PremiumCharge, error) {
	var c PremiumCharge
	err := row.Scan(&c.ID, &c.PolicyID, &c.ScheduleID, &c.Kind, &c.AmountCents, &c.Currency, &c.Status, &c.PaymentIntentID)
	return c, notFound(err)
}

const getChargeForPolicy = `-- name: GetChargeForPolicy :one
SELECT ` + chargeColumns + ` FROM premium_charges
WHERE policy_id = $1 AND kind = $2
ORDER BY created_at DESC LIMIT 1`

func (q *Queries) GetChargeForPolicy(ctx context.Context, policyID, kind string) (PremiumCharge, error) {
	return scanCharge(q.db.QueryRowContext(ctx, getChargeForPolicy, policyID, kind))
}

const getLatestSucceededCharge = `-- name: GetLatestSucceededCharge :one
SELECT ` + chargeColumns + ` FROM premium_charges
WHERE policy_id = $1 AND status = 'succeeded'
ORDER BY created_at DESC LIMIT 1`

func (q *Queries) GetLatestSucceededCharge(ctx context.Context, policyID string) (PremiumCharge, error) {
	return scanCharge(q.db.QueryRowContext(ctx, getLatestSucceededCharge, policyID))
}

const completePendingCharge = `-- name: CompletePendingCharge :execrows
UPDATE premium_charges
SET status = $2, payment_intent_id = COALESCE($3, payment_intent_id), failure_code = $4, updated_at = now()
WHERE id = $1 AND status = 'pending'`

// CompletePendingCharge records the outcome of a pending charge. It returns
// false if the charge was no longer pending (already completed elsewhere).
func (q *Queries) CompletePendingCharge(ctx context.Context, id, status string, paymentIntentID, failureCode *string) (bool, error) {
	res, err := q.db.ExecContext(ctx, completePendingCharge, id, status, paymentIntentID, failureCode)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const voidDueSchedules = `-- name: VoidDueSchedules :exec
UPDATE premium_schedules SET status = 'void' WHERE policy_id = $1 AND status = 'due' AND period_start >= $2`

func (q *Queries) VoidDueSchedules(ctx context.Context, policyID string, from time.Time) error {
	_, err := q.db.ExecContext(ctx, voidDueSchedules, policyID, from)
	return err
}

const markChargeByPaymentIntent = `-- name: MarkChargeByPaymentIntent :one
UPDATE premium_charges
SET status = $2, failure_code = $3, updated_at = now()
WHERE payment_intent_id = $1 AND status <> $2
RETURNING ` + chargeColumns

// MarkChargeByPaymentIntent moves the charge to status and returns it. It
// returns ErrNotFound when the charge is unknown or already in that status.
func (q *Queries) MarkChargeByPaymentIntent(ctx context.Context, paymentIntentID, status string, failureCode *string) (PremiumCharge, error) {
	return scanCharge(q.db.QueryRowContext(ctx, markChargeByPaymentIntent, paymentIntentID, status, failureCode))
}

const insertPremiumRun = `-- name: InsertPremiumRun :execrows
INSERT INTO premium_runs (id, period) VALUES ($1, $2)
ON CONFLICT (id) DO NOTHING`

func (q *Queries) InsertPremiumRun(ctx context.Context, id, period string) (bool, error) {
	res, err := q.db.ExecContext(ctx, insertPremiumRun, id, period)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const finishPremiumRun = `-- name: FinishPremiumRun :exec
UPDATE premium_runs SET scheduled = $2, finished_at = now() WHERE id = $1`

func (q *Queries) FinishPremiumRun(ctx context.Context, id string, scheduled int) error {
	_, err := q.db.ExecContext(ctx, finishPremiumRun, id, scheduled)
	return err
}

const scheduleColumns = `id, policy_id, period_start, period_end, amount_cents, currency, status`

func scanSchedule(row interface{ Scan(...any) error }) (PremiumSchedule, error) {
	var s PremiumSchedule
	err := row.Scan(&s.ID, &s.PolicyID, &s.PeriodStart, &s.PeriodEnd, &s.AmountCents, &s.Currency, &s.Status)
	return s, notFound(err)
}

const listDueSchedules = `-- name: ListDueSchedules :many
SELECT s.id, s.policy_id, s.period_start, s.period_end, s.amount_cents, s.currency, s.status
FROM premium_schedules s
JOIN policies p ON p.id = s.policy_id
WHERE s.status = 'due' AND s.period_start <= $1 AND p.status IN ('active', 'lapsed')
ORDER BY s.period_start, s.id
LIMIT $2`

func (q *Queries) ListDueSchedules(ctx context.Context, asOf time.Time, limit int) ([]PremiumSchedule, error) {
	rows, err := q.db.QueryContext(ctx, listDueSchedules, asOf, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PremiumSchedule
	for rows.Next() {
		s, err := scanSchedule(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

const getSchedule = `-- name: GetSchedule :one
SELECT ` + scheduleColumns + ` FROM premium_schedules WHERE id = $1`

func (q *Queries) GetSchedule(ctx context.Context, id string) (PremiumSchedule, error) {
	return scanSchedule(q.db.QueryRowContext(ctx, getSchedule, id))
}

const setScheduleStatus = `-- name: SetScheduleStatus :exec
UPDATE premium_schedules
SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE paid_at END
WHERE id = $1`

func (q *Queries) SetScheduleStatus(ctx context.Context, id, status string) error {
	_, err := q.db.ExecContext(ctx, setScheduleStatus, id, status)
	return err
}

const insertPremiumSchedule = `-- name: InsertPremiumSchedule :exec
INSERT INTO premium_schedules (id, policy_id, period_start, period_end, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, $5, $6, 'due')`

func (q *Queries) InsertPremiumSchedule(ctx context.Context, s PremiumSchedule) error {
	_, err := q.db.ExecContext(ctx, insertPremiumSchedule,
		s.ID, s.PolicyID, s.PeriodStart, s.PeriodEnd, s.AmountCents, s.Currency)
	return err
}

const insertArrearsPayment = `-- name: InsertArrearsPayment :exec
INSERT INTO arrears_payments (id, policy_id, amount_cents, payment_intent_id)
VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertArrearsPayment(ctx context.Context, id, policyID string, cents int64, paymentIntentID string) error {
	_, err := q.db.ExecContext(ctx, insertArrearsPayment, id, policyID, cents, paymentIntentID)
	return err
}

type LedgerEntry struct {
	ID          string
	PolicyID    string
	Account     string
	AmountCents int64
	Currency    string
	ExternalRef sql.NullString
	Memo        string
}

const insertLedgerEntry = `-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, policy_id, account, amount_cents, currency, external_ref, memo)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (q *Queries) InsertLedgerEntry(ctx context.Context, e LedgerEntry) error {
	_, err := q.db.ExecContext(ctx, insertLedgerEntry,
		e.ID, e.PolicyID, e.Account, e.AmountCents, e.Currency, e.ExternalRef, e.Memo)
	return err
}

const insertStripeEvent = `-- name: InsertStripeEvent :execrows
INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING`

// InsertStripeEvent records a webhook event id; false means it was seen before.
func (q *Queries) InsertStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := q.db.ExecContext(ctx, insertStripeEvent, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const completeRefund = `-- name: CompleteRefund :execrows
UPDATE refunds SET status = $2, stripe_refund_id = $3, updated_at = now()
WHERE id = $1 AND status = 'pending'`

func (q *Queries) CompleteRefund(ctx context.Context, id, status, stripeRefundID string) (bool, error) {
	res, err := q.db.ExecContext(ctx, completeRefund, id, status, stripeRefundID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
