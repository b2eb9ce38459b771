package store

import (
	"context"
	"time"
)

const depositColumns = `id, booking_id, idempotency_key, amount_cents, status, charge_id, updated_at`

func scanDeposit(row interface{ Scan(...any) error }) (DepositPayment, error) {
	var i DepositPayment
	err := row.Scan(&i.ID, &i.BookingID, &i.IdempotencyKey, &i.AmountCents, &i.Status, &i.ChargeID, &i.UpdatedAt)
	return i, err
}

const insertDepositPayment = `-- name: InsertDepositPayment :one
INSERT INTO deposit_payments (id, booking_id, idempotency_key, amount_cents)
VALUES ($1, $2, $3, $4)
ON CONFLICT (booking_id) DO UPDATE SET updated_at = deposit_payments.updated_at
RETURNING ` + depositColumns

type InsertDepositPaymentParams struct {
	ID             string
	BookingID      string
	IdempotencyKey string
	AmountCents    int64
}

func (q *Queries) InsertDepositPayment(ctx context.Context, arg InsertDepositPaymentParams) (DepositPayment, error) {
	row := q.db.QueryRow(ctx, insertDepositPayment, arg.ID, arg.BookingID, arg.IdempotencyKey, arg.AmountCents)
	return scanDeposit(row)
}

const getDepositByBooking = `-- name: GetDepositByBooking :one
SELECT ` + depositColumns + ` FROM deposit_payments WHERE booking_id = $1`

func (q *Queries) GetDepositByBooking(ctx context.Context, bookingID string) (DepositPayment, error) {
	return scanDeposit(q.db.QueryRow(ctx, getDepositByBooking, bookingID))
}

const settleDeposit = `-- name: SettleDeposit :exec
UPDATE deposit_payments SET status = $2, charge_id = $3, updated_at = now() WHERE id = $1`

func (q *Queries) SettleDeposit(ctx context.Context, id, status string, chargeID *string) error {
	_, err := q.db.Exec(ctx, settleDeposit, id, status, chargeID)
	return err
}

const insertPaymentAttempt = `-- name: InsertPaymentAttempt :exec
INSERT INTO payment_attempts (id, payment_id, outcome, detail) VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertPaymentAttempt(ctx context.Context, id, paymentID, outcome, detail string) error {
	_, err := q.db.Exec(ctx, insertPaymentAttempt, id, paymentID, outcome, detail)
	return err
}

const insertBalanceCharge = `-- name: InsertBalanceCharge :exec
INSERT INTO balance_charges (booking_id, charge_id, amount_cents) VALUES ($1, $2, $3)
ON CONFLICT (booking_id) DO NOTHING`

func (q *Queries) InsertBalanceCharge(ctx context.Context, bookingID, chargeID string, amount int64) error {
	_, err := q.db.Exec(ctx, insertBalanceCharge, bookingID, chargeID, amount)
	return err
}

const refundColumns = `id, booking_id, alert_id, charge_id, amount_cents, status, processor_refund_id, created_at`

func scanRefund(row interface{ Scan(...any) error }) (Refund, error) {
	var i Refund
	err := row.Scan(&i.ID, &i.BookingID, &i.AlertID, &i.ChargeID, &i.AmountCents, &i.Status, &i.ProcessorRefundID, &i.CreatedAt)
	return i, err
}

const insertRefund = `-- name: InsertRefund :one
INSERT INTO refunds (id, booking_id, alert_id, charge_id, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (booking_id) DO UPDATE SET booking_id = refunds.booking_id
RETURNING ` + refundColumns

type InsertRefundParams struct {
	ID          string
	BookingID   string
	AlertID     *string
	ChargeID    string
	AmountCents int64
}

// InsertRefund records a refund intent. A booking is refunded at most once,
// so a second call returns the existing row unchanged.
func (q *Queries) InsertRefund(ctx context.Context, arg InsertRefundParams) (Refund, error) {
	row := q.db.QueryRow(ctx, insertRefund, arg.ID, arg.BookingID, arg.AlertID, arg.ChargeID, arg.AmountCents)
	return scanRefund(row)
}

const getRefundByBooking = `-- name: GetRefundByBooking :one
SELECT ` + refundColumns + ` FROM refunds WHERE booking_id = $1`

func (q *Queries) GetRefundByBooking(ctx context.Context, bookingID string) (Refund, error) {
	return scanRefund(q.db.QueryRow(ctx, getRefundByBooking, bookingID))
}

const listPendingRefundsForAlert = `-- name: ListPendingRefundsForAlert :many
SELECT ` + refundColumns + ` FROM refunds WHERE alert_id = $1 AND status = 'pending' ORDER BY created_at`

func (q *Queries) ListPendingRefundsForAlert(ctx context.Context, alertID string) ([]Refund, error) {
	rows, err := q.db.Query(ctx, listPendingRefundsForAlert, alertID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Refund
	for rows.Next() {
		i, err := scanRefund(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markRefundIssued = `-- name: MarkRefundIssued :exec
UPDATE refunds SET status = 'issued', processor_refund_id = $2 WHERE id = $1 AND status = 'pending'`

func (q *Queries) MarkRefundIssued(ctx context.Context, id, processorRefundID string) error {
	_, err := q.db.Exec(ctx, markRefundIssued, id, processorRefundID)
	return err
}

const upsertTripCharge = `-- name: UpsertTripCharge :one
INSERT INTO trip_charges (id, booking_id, charge_type, amount_cents, request_key)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (booking_id, charge_type) DO UPDATE
    SET amount_cents = EXCLUDED.amount_cents, request_key = EXCLUDED.request_key
    WHERE trip_charges.billed_at IS NULL
RETURNING id, booking_id, charge_type, amount_cents, request_key, settlement_id, billed_at, created_at`

type UpsertTripChargeParams struct {
	ID          string
	BookingID   string
	ChargeType  string
	AmountCents int64
	RequestKey  string
}

// UpsertTripCharge sets the amount for one charge type on a booking. Once a
// charge has been billed it is frozen and pgx.ErrNoRows is returned.
func (q *Queries) UpsertTripCharge(ctx context.Context, arg UpsertTripChargeParams) (TripCharge, error) {
	var i TripCharge
	err := q.db.QueryRow(ctx, upsertTripCharge,
		arg.ID, arg.BookingID, arg.ChargeType, arg.AmountCents, arg.RequestKey,
	).Scan(&i.ID, &i.BookingID, &i.ChargeType, &i.AmountCents, &i.RequestKey, &i.SettlementID, &i.BilledAt, &i.CreatedAt)
	return i, err
}

const listUnbilledCharges = `-- name: ListUnbilledCharges :many
SELECT tc.booking_id, c.payment_ref, sum(tc.amount_cents)::bigint, array_agg(tc.id ORDER BY tc.id)
FROM trip_charges tc
JOIN bookings b ON b.id = tc.booking_id
JOIN customers c ON c.id = b.customer_id
JOIN trips t ON t.id = b.trip_id
WHERE tc.billed_at IS NULL AND t.status = 'completed'
GROUP BY tc.booking_id, c.payment_ref
ORDER BY tc.booking_id
LIMIT $1`

type UnbilledBooking struct {
	BookingID   string
	PaymentRef  string
	AmountCents int64
	ChargeIDs   []string
}

func (q *Queries) ListUnbilledCharges(ctx context.Context, limit int32) ([]UnbilledBooking, error) {
	rows, err := q.db.Query(ctx, listUnbilledCharges, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []UnbilledBooking
	for rows.Next() {
		var i UnbilledBooking
		if err := rows.Scan(&i.BookingID, &i.PaymentRef, &i.AmountCents, &i.ChargeIDs); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const insertSettlement = `-- name: InsertSettlement :exec
INSERT INTO settlements (id, booking_id, charge_id, amount_cents) VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertSettlement(ctx context.Context, id, bookingID, chargeID string, amount int64) error {
	_, err := q.db.Exec(ctx, insertSettlement, id, bookingID, chargeID, amount)
	return err
}

const markChargesBilled = `-- name: MarkChargesBilled :execrows
UPDATE trip_charges SET settlement_id = $2, billed_at = $3
WHERE id = ANY($1::text[]) AND billed_at IS NULL`

func (q *Queries) MarkChargesBilled(ctx context.Context, ids []string, settlementID string, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, markChargesBilled, ids, settlementID, at)
	return tag.RowsAffected(), err
}

const insertLedgerEntry = `-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, trip_id, booking_id, party_id, kind, amount_cents, memo)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

type InsertLedgerEntryParams struct {
	ID          string
	TripID      string
	BookingID   *string
	PartyID     string
	Kind        string
	AmountCents int64
	Memo        string
}

func (q *Queries) InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error {
	_, err := q.db.Exec(ctx, insertLedgerEntry,
		arg.ID, arg.TripID, arg.BookingID, arg.PartyID, arg.Kind, arg.AmountCents, arg.Memo,
	)
	return err
}
