package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

const disbursementColumns = `id, loan_id, attempt, bank_account_id, amount_cents, client_reference, partner_ref, status, failure_reason, created_at, updated_at`

func scanDisbursement(row interface{ Scan(...any) error }) (Disbursement, error) {
	var i Disbursement
	err := row.Scan(
		&i.ID,
		&i.LoanID,
		&i.Attempt,
		&i.BankAccountID,
		&i.AmountCents,
		&i.ClientReference,
		&i.PartnerRef,
		&i.Status,
		&i.FailureReason,
		&i.CreatedAt,
		&i.UpdatedAt,
	)
	return i, err
}

const insertDisbursement = `-- name: InsertDisbursement :exec
INSERT INTO disbursements (id, loan_id, attempt, bank_account_id, amount_cents, client_reference, status)
VALUES ($1, $2, $3, $4, $5, $6, 'pending')
ON CONFLICT (loan_id, attempt) DO NOTHING
`

type InsertDisbursementParams struct {
	ID              string
	LoanID          string
	Attempt         int32
	BankAccountID   string
	AmountCents     int64
	ClientReference string
}

func (q *Queries) InsertDisbursement(ctx context.Context, arg InsertDisbursementParams) error {
	_, err := q.db.Exec(ctx, insertDisbursement,
		arg.ID,
		arg.LoanID,
		arg.Attempt,
		arg.BankAccountID,
		arg.AmountCents,
		arg.ClientReference,
	)
	return err
}

const getDisbursementByAttempt = `-- name: GetDisbursementByAttempt :one
SELECT ` + disbursementColumns + ` FROM disbursements WHERE loan_id = $1 AND attempt = $2`

func (q *Queries) GetDisbursementByAttempt(ctx context.Context, loanID string, attempt int32) (Disbursement, error) {
	return scanDisbursement(q.db.QueryRow(ctx, getDisbursementByAttempt, loanID, attempt))
}

const getLatestDisbursement = `-- name: GetLatestDisbursement :one
SELECT ` + disbursementColumns + ` FROM disbursements WHERE loan_id = $1 ORDER BY attempt DESC LIMIT 1`

func (q *Queries) GetLatestDisbursement(ctx context.Context, loanID string) (Disbursement, error) {
	return scanDisbursement(q.db.QueryRow(ctx, getLatestDisbursement, loanID))
}

const getDisbursementByReference = `-- name: GetDisbursementByReference :one
SELECT ` + disbursementColumns + ` FROM disbursements WHERE client_reference = $1`

func (q *Queries) GetDisbursementByReference(ctx context.Context, ref string) (Disbursement, error) {
	return scanDisbursement(q.db.QueryRow(ctx, getDisbursementByReference, ref))
}

const markDisbursementSubmitted = `-- name: MarkDisbursementSubmitted :exec
UPDATE disbursements
SET status = 'submitted', partner_ref = $2, updated_at = now()
WHERE id = $1 AND status = 'pending'
`

func (q *Queries) MarkDisbursementSubmitted(ctx context.Context, id, partnerRef string) error {
	_, err := q.db.Exec(ctx, markDisbursementSubmitted, id, partnerRef)
	return err
}

const updateDisbursementStatus = `-- name: UpdateDisbursementStatus :exec
UPDATE disbursements
SET status = $2, failure_reason = $3, updated_at = now()
WHERE id = $1
`

func (q *Queries) UpdateDisbursementStatus(ctx context.Context, id, status string, reason pgtype.Text) error {
	_, err := q.db.Exec(ctx, updateDisbursementStatus, id, status, reason)
	return err
}

const resubmitDisbursement = `-- name: ResubmitDisbursement :exec
UPDATE disbursements
SET status = 'submitted', client_reference = $2, partner_ref = $3, failure_reason = NULL, updated_at = now()
WHERE id = $1
`

func (q *Queries) ResubmitDisbursement(ctx context.Context, id, clientRef, partnerRef string) error {
	_, err := q.db.Exec(ctx, resubmitDisbursement, id, clientRef, partnerRef)
	return err
}
