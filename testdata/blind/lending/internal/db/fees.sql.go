package db

import (
	"context"
)

const feeColumns = `id, loan_id, instalment_id, kind, amount_cents, status, payment_id, waived_by, created_at`

func scanFee(row interface{ Scan(...any) error }) (Fee, error) {
	var i Fee
	err := row.Scan(
		&i.ID,
		&i.LoanID,
		&i.InstalmentID,
		&i.Kind,
		&i.AmountCents,
		&i.Status,
		&i.PaymentID,
		&i.WaivedBy,
		&i.CreatedAt,
	)
	return i, err
}

const insertFee = `-- name: InsertFee :one
INSERT INTO fees (id, loan_id, instalment_id, kind, amount_cents)
VALUES ($1, $2, $3, $4, $5)
RETURNING ` + feeColumns

type InsertFeeParams struct {
	ID           string
	LoanID       string
	InstalmentID string
	Kind         string
	AmountCents  int64
}

func (q *Queries) InsertFee(ctx context.Context, arg InsertFeeParams) (Fee, error) {
	row := q.db.QueryRow(ctx, insertFee, arg.ID, arg.LoanID, arg.InstalmentID, arg.Kind, arg.AmountCents)
	return scanFee(row)
}

const getFee = `-- name: GetFee :one
SELECT ` + feeColumns + ` FROM fees WHERE id = $1`

func (q *Queries) GetFee(ctx context.Context, id string) (Fee, error) {
	return scanFee(q.db.QueryRow(ctx, getFee, id))
}

const waiveFee = `-- name: WaiveFee :one
UPDATE fees SET status = 'waived', waived_by = $3
WHERE id = $1 AND loan_id = $2 AND status = 'assessed'
RETURNING ` + feeColumns

// WaiveFee returns pgx.ErrNoRows when the fee is not in the assessed state.
func (q *Queries) WaiveFee(ctx context.Context, id, loanID, actor string) (Fee, error) {
	return scanFee(q.db.QueryRow(ctx, waiveFee, id, loanID, actor))
}

const markFeePaid = `-- name: MarkFeePaid :exec
UPDATE fees SET status = 'paid', payment_id = $2 WHERE id = $1 AND status = 'assessed'
`

func (q *Queries) MarkFeePaid(ctx context.Context, id, paymentID string) error {
	_, err := q.db.Exec(ctx, markFeePaid, id, paymentID)
	return err
}
