package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const paymentColumns = `id, filing_id, firm_id, kind, payment_intent_id, amount_cents, captured_cents,
	refunded_cents, status, reconciled_at, created_at, updated_at`

func scanPayment(row pgx.Row) (Payment, error) {
	var p Payment
	err := row.Scan(&p.ID, &p.FilingID, &p.FirmID, &p.Kind, &p.PaymentIntentID, &p.AmountCents,
		&p.CapturedCents, &p.RefundedCents, &p.Status, &p.ReconciledAt, &p.CreatedAt, &p.UpdatedAt)
	return p, err
}

const upsertPayment = `-- name: UpsertPayment :one
INSERT INTO payments (id, filing_id, firm_id, kind, payment_intent_id, amount_cents, status)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (payment_intent_id) DO UPDATE
	SET status = EXCLUDED.status, updated_at = now()
RETURNING ` + paymentColumns

type UpsertPaymentParams struct {
	ID              uuid.UUID
	FilingID        uuid.UUID
	FirmID          uuid.UUID
	Kind            string
	PaymentIntentID string
	AmountCents     int64
	Status          string
}

// UpsertPayment records a PaymentIntent. A row that already exists for the
// intent keeps its id and only has its status refreshed.
func (q *Queries) UpsertPayment(ctx context.Context, arg UpsertPaymentParams) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, upsertPayment, arg.ID, arg.FilingID, arg.FirmID, arg.Kind,
		arg.PaymentIntentID, arg.AmountCents, arg.Status))
}

const getLiveFeePayment = `-- name: GetLiveFeePayment :one
SELECT ` + paymentColumns + ` FROM payments
WHERE filing_id = $1 AND kind = 'filing_fee' AND status IN ('requires_capture', 'succeeded')`

func (q *Queries) GetLiveFeePayment(ctx context.Context, filingID uuid.UUID) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, getLiveFeePayment, filingID))
}

const markPaymentCaptured = `-- name: MarkPaymentCaptured :execrows
UPDATE payments SET status = 'succeeded', captured_cents = $2, updated_at = now()
WHERE id = $1 AND status = 'requires_capture'`

func (q *Queries) MarkPaymentCaptured(ctx context.Context, id uuid.UUID, capturedCents int64) (int64, error) {
	tag, err := q.db.Exec(ctx, markPaymentCaptured, id, capturedCents)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markPaymentReleased = `-- name: MarkPaymentReleased :execrows
UPDATE payments SET status = 'canceled', updated_at = now()
WHERE id = $1 AND status = 'requires_capture'`

func (q *Queries) MarkPaymentReleased(ctx context.Context, id uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, markPaymentReleased, id)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const setPaymentStatusByIntent = `-- name: SetPaymentStatusByIntent :execrows
UPDATE payments SET status = $2, updated_at = now()
WHERE payment_intent_id = $1 AND status <> $2`

func (q *Queries) SetPaymentStatusByIntent(ctx context.Context, intentID, status string) (int64, error) {
	tag, err := q.db.Exec(ctx, setPaymentStatusByIntent, intentID, status)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const setPaymentRefundedByIntent = `-- name: SetPaymentRefundedByIntent :exec
UPDATE payments SET refunded_cents = $2, updated_at = now() WHERE payment_intent_id = $1`

func (q *Queries) SetPaymentRefundedByIntent(ctx context.Context, intentID string, refundedCents int64) error {
	_, err := q.db.Exec(ctx, setPaymentRefundedByIntent, intentID, refundedCents)
	return err
}

const markPaymentReconciled = `-- name: MarkPaymentReconciled :exec
UPDATE payments SET reconciled_at = now() WHERE id = $1`

func (q *Queries) MarkPaymentReconciled(ctx context.Context, id uuid.UUID) error {
	_, err := q.db.Exec(ctx, markPaymentReconciled, id)
	return err
}

const insertLedgerEntry = `-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, payment_id, account, amount_cents, memo) VALUES ($1, $2, $3, $4, $5)`

type InsertLedgerEntryParams struct {
	ID          uuid.UUID
	PaymentID   uuid.UUID
	Account     string
	AmountCents int64
	Memo        string
}

func (q *Queries) InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error {
	_, err := q.db.Exec(ctx, insertLedgerEntry, arg.ID, arg.PaymentID, arg.Account, arg.AmountCents, arg.Memo)
	return err
}

const insertRefund = `-- name: InsertRefund :exec
INSERT INTO refunds (id, payment_id, stripe_refund_id, amount_cents, reason)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (stripe_refund_id) DO NOTHING`

type InsertRefundParams struct {
	ID             uuid.UUID
	PaymentID      uuid.UUID
	StripeRefundID string
	AmountCents    int64
	Reason         string
}

func (q *Queries) InsertRefund(ctx context.Context, arg InsertRefundParams) error {
	_, err := q.db.Exec(ctx, insertRefund, arg.ID, arg.PaymentID, arg.StripeRefundID, arg.AmountCents, arg.Reason)
	return err
}

const insertFeeAdjustment = `-- name: InsertFeeAdjustment :one
INSERT INTO fee_adjustments (id, filing_id, ledger_ref, delta_cents)
VALUES ($1, $2, $3, $4)
ON CONFLICT (ledger_ref) DO NOTHING
RETURNING id`

// InsertFeeAdjustment returns the new id, or ok=false when the ledger line
// was already recorded.
func (q *Queries) InsertFeeAdjustment(ctx context.Context, id, filingID uuid.UUID, ledgerRef string, deltaCents int64) (uuid.UUID, bool, error) {
	var out uuid.UUID
	err := q.db.QueryRow(ctx, insertFeeAdjustment, id, filingID, ledgerRef, deltaCents).Scan(&out)
	if err == pgx.ErrNoRows {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, err
	}
	return out, true, nil
}

const getFeeAdjustment = `-- name: GetFeeAdjustment :one
SELECT id, filing_id, ledger_ref, delta_cents, status, payment_intent_id, created_at
FROM fee_adjustments WHERE id = $1`

func (q *Queries) GetFeeAdjustment(ctx context.Context, id uuid.UUID) (FeeAdjustment, error) {
	var a FeeAdjustment
	err := q.db.QueryRow(ctx, getFeeAdjustment, id).Scan(&a.ID, &a.FilingID, &a.LedgerRef, &a.DeltaCents,
		&a.Status, &a.PaymentIntentID, &a.CreatedAt)
	return a, err
}

const markFeeAdjustment = `-- name: MarkFeeAdjustment :exec
UPDATE fee_adjustments SET status = $2, payment_intent_id = $3 WHERE id = $1`

func (q *Queries) MarkFeeAdjustment(ctx context.Context, id uuid.UUID, status string, intentID *string) error {
	_, err := q.db.Exec(ctx, markFeeAdjustment, id, status, intentID)
	return err
}

const upsertReconciliationItem = `-- name: UpsertReconciliationItem :one
INSERT INTO fee_reconciliation_items (id, run_date, ledger_ref, envelope_id, court_fee_cents,
	collected_cents, status)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (ledger_ref) DO UPDATE
	SET court_fee_cents = EXCLUDED.court_fee_cents,
	    collected_cents = EXCLUDED.collected_cents,
	    status = EXCLUDED.status,
	    updated_at = now()
RETURNING id`

type UpsertReconciliationItemParams struct {
	ID             uuid.UUID
	RunDate        time.Time
	LedgerRef      string
	EnvelopeID     string
	CourtFeeCents  int64
	CollectedCents int64
	Status         string
}

func (q *Queries) UpsertReconciliationItem(ctx context.Context, arg UpsertReconciliationItemParams) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, upsertReconciliationItem, arg.ID, arg.RunDate, arg.LedgerRef, arg.EnvelopeID,
		arg.CourtFeeCents, arg.CollectedCents, arg.Status).Scan(&id)
	return id, err
}

const insertStripeEvent = `-- name: InsertStripeEvent :exec
INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)`

func (q *Queries) InsertStripeEvent(ctx context.Context, eventID, eventType string) error {
	_, err := q.db.Exec(ctx, insertStripeEvent, eventID, eventType)
	return err
}
