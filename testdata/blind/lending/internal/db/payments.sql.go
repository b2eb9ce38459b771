package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

const paymentColumns = `id, loan_id, kind, amount_cents, currency, payment_method_id, status, processor_ref, failure_code, created_at, updated_at`

func scanPayment(row interface{ Scan(...any) error }) (Payment, error) {
	var i Payment
	err := row.Scan(
		&i.ID,
		&i.LoanID,
		&i.Kind,
		&i.AmountCents,
		&i.Currency,
		&i.PaymentMethodID,
		&i.Status,
		&i.ProcessorRef,
		&i.FailureCode,
		&i.CreatedAt,
		&i.UpdatedAt,
	)
	return i, err
}

const insertPayment = `-- name: InsertPayment :one
INSERT INTO payments (id, loan_id, kind, amount_cents, currency, payment_method_id, status, processor_ref)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING ` + paymentColumns

type InsertPaymentParams struct {
	ID              string
	LoanID          string
	Kind            string
	AmountCents     int64
	Currency        string
	PaymentMethodID pgtype.Text
	Status          string
	ProcessorRef    pgtype.Text
}

func (q *Queries) InsertPayment(ctx context.Context, arg InsertPaymentParams) (Payment, error) {
	row := q.db.QueryRow(ctx, insertPayment,
		arg.ID,
		arg.LoanID,
		arg.Kind,
		arg.AmountCents,
		arg.Currency,
		arg.PaymentMethodID,
		arg.Status,
		arg.ProcessorRef,
	)
	return scanPayment(row)
}

const getPayment = `-- name: GetPayment :one
SELECT ` + paymentColumns + ` FROM payments WHERE id = $1`

func (q *Queries) GetPayment(ctx context.Context, id string) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, getPayment, id))
}

const getPaymentByProcessorRef = `-- name: GetPaymentByProcessorRef :one
SELECT ` + paymentColumns + ` FROM payments WHERE processor_ref = $1`

func (q *Queries) GetPaymentByProcessorRef(ctx context.Context, ref string) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, getPaymentByProcessorRef, ref))
}

const getLatestSucceededPayment = `-- name: GetLatestSucceededPayment :one
SELECT ` + paymentColumns + ` FROM payments
WHERE loan_id = $1 AND status = 'succeeded' AND processor_ref IS NOT NULL
ORDER BY created_at DESC
LIMIT 1`

func (q *Queries) GetLatestSucceededPayment(ctx context.Context, loanID string) (Payment, error) {
	return scanPayment(q.db.QueryRow(ctx, getLatestSucceededPayment, loanID))
}

const markPaymentSucceeded = `-- name: MarkPaymentSucceeded :execrows
UPDATE payments
SET status = 'succeeded', processor_ref = $2, updated_at = now()
WHERE id = $1 AND status <> 'succeeded'
`

func (q *Queries) MarkPaymentSucceeded(ctx context.Context, id, processorRef string) (int64, error) {
	tag, err := q.db.Exec(ctx, markPaymentSucceeded, id, processorRef)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markPaymentProcessing = `-- name: MarkPaymentProcessing :exec
UPDATE payments SET status = 'processing', processor_ref = $2, updated_at = now()
WHERE id = $1 AND status = 'pending'
`

func (q *Queries) MarkPaymentProcessing(ctx context.Context, id, processorRef string) error {
	_, err := q.db.Exec(ctx, markPaymentProcessing, id, processorRef)
	return err
}

const markPaymentFailed = `-- name: MarkPaymentFailed :exec
UPDATE payments SET status = 'failed', failure_code = $2, updated_at = now()
WHERE id = $1 AND status IN ('pending', 'processing')
`

func (q *Queries) MarkPaymentFailed(ctx context.Context, id, code string) error {
	_, err := q.db.Exec(ctx, markPaymentFailed, id, code)
	return err
}

const insertPaymentAttempt = `-- name: InsertPaymentAttempt :exec
INSERT INTO payment_attempts (id, payment_id, outcome, detail) VALUES ($1, $2, $3, $4)
`

func (q *Queries) InsertPaymentAttempt(ctx context.Context, id, paymentID, outcome string, detail pgtype.Text) error {
	_, err := q.db.Exec(ctx, insertPaymentAttempt, id, paymentID, outcome, detail)
	return err
}

const insertAllocation = `-- name: InsertAllocation :execrows
INSERT INTO payment_allocations (payment_id, instalment_id, amount_cents)
VALUES ($1, $2, $3)
ON CONFLICT (payment_id, instalment_id) DO NOTHING
`

func (q *Queries) InsertAllocation(ctx context.Context, paymentID, instalmentID string, amountCents int64) (int64, error) {
	tag, err := q.db.Exec(ctx, insertAllocation, paymentID, instalmentID, amountCents)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertOverpaymentRefund = `-- name: InsertOverpaymentRefund :exec
INSERT INTO overpayment_refunds (id, loan_id, payment_id, amount_cents, processor_ref, requested_by)
VALUES ($1, $2, $3, $4, $5, $6)
`

type InsertOverpaymentRefundParams struct {
	ID           string
	LoanID       string
	PaymentID    string
	AmountCents  int64
	ProcessorRef string
	RequestedBy  string
}

func (q *Queries) InsertOverpaymentRefund(ctx context.Context, arg InsertOverpaymentRefundParams) error {
	_, err := q.db.Exec(ctx, insertOverpaymentRefund,
		arg.ID, arg.LoanID, arg.PaymentID, arg.AmountCents, arg.ProcessorRef, arg.RequestedBy)
	return err
}
