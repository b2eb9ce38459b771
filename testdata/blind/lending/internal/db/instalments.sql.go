package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

func scanInstalments(rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close()
}) ([]Instalment, error) {
	defer rows.Close()
	var items []Instalment
	for rows.Next() {
		var i Instalment
		if err := rows.Scan(
			&i.ID,
			&i.LoanID,
			&i.Seq,
			&i.DueDate,
			&i.AmountCents,
			&i.PaidCents,
			&i.Status,
		); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const insertInstalment = `-- name: InsertInstalment :exec
INSERT INTO instalments (id, loan_id, seq, due_date, amount_cents, status)
VALUES ($1, $2, $3, $4, $5, 'scheduled')
`

type InsertInstalmentParams struct {
	ID          string
	LoanID      string
	Seq         int32
	DueDate     pgtype.Date
	AmountCents int64
}

func (q *Queries) InsertInstalment(ctx context.Context, arg InsertInstalmentParams) error {
	_, err := q.db.Exec(ctx, insertInstalment, arg.ID, arg.LoanID, arg.Seq, arg.DueDate, arg.AmountCents)
	return err
}

const listOpenInstalments = `-- name: ListOpenInstalments :many
SELECT id, loan_id, seq, due_date, amount_cents, paid_cents, status
FROM instalments
WHERE loan_id = $1 AND status IN ('scheduled', 'due', 'overdue')
ORDER BY seq
`

func (q *Queries) ListOpenInstalments(ctx context.Context, loanID string) ([]Instalment, error) {
	rows, err := q.db.Query(ctx, listOpenInstalments, loanID)
	if err != nil {
		return nil, err
	}
	return scanInstalments(rows)
}

const getInstalment = `-- name: GetInstalment :one
SELECT id, loan_id, seq, due_date, amount_cents, paid_cents, status
FROM instalments
WHERE id = $1
`

func (q *Queries) GetInstalment(ctx context.Context, id string) (Instalment, error) {
	row := q.db.QueryRow(ctx, getInstalment, id)
	var i Instalment
	err := row.Scan(&i.ID, &i.LoanID, &i.Seq, &i.DueDate, &i.AmountCents, &i.PaidCents, &i.Status)
	return i, err
}

const applyInstalmentPayment = `-- name: ApplyInstalmentPayment :exec
UPDATE instalments
SET paid_cents = paid_cents + $2,
    status = CASE WHEN paid_cents + $2 >= amount_cents THEN 'paid' ELSE status END
WHERE id = $1
`

func (q *Queries) ApplyInstalmentPayment(ctx context.Context, id string, amountCents int64) error {
	_, err := q.db.Exec(ctx, applyInstalmentPayment, id, amountCents)
	return err
}

const deleteUnpaidInstalments = `-- name: DeleteUnpaidInstalments :exec
DELETE FROM instalments WHERE loan_id = $1 AND paid_cents = 0 AND status IN ('scheduled', 'due')
`

func (q *Queries) DeleteUnpaidInstalments(ctx context.Context, loanID string) error {
	_, err := q.db.Exec(ctx, deleteUnpaidInstalments, loanID)
	return err
}

const maxInstalmentSeq = `-- name: MaxInstalmentSeq :one
SELECT COALESCE(MAX(seq), 0)::int FROM instalments WHERE loan_id = $1
`

func (q *Queries) MaxInstalmentSeq(ctx context.Context, loanID string) (int32, error) {
	row := q.db.QueryRow(ctx, maxInstalmentSeq, loanID)
	var n int32
	err := row.Scan(&n)
	return n, err
}

const listDueForCollection = `-- name: ListDueForCollection :many
SELECT i.id, i.loan_id, i.amount_cents - i.paid_cents AS outstanding_cents, l.autopay_pm, c.stripe_customer_id, l.currency
FROM instalments i
JOIN loans l ON l.id = i.loan_id
JOIN customers c ON c.id = l.customer_id
WHERE i.due_date <= $1
  AND i.status IN ('scheduled', 'due', 'overdue')
  AND i.paid_cents < i.amount_cents
  AND l.status = 'active'
  AND l.autopay_pm IS NOT NULL
ORDER BY i.due_date, i.id
`

type DueInstalment struct {
	InstalmentID     string
	LoanID           string
	OutstandingCents int64
	AutopayPm        pgtype.Text
	StripeCustomerID pgtype.Text
	Currency         string
}

func (q *Queries) ListDueForCollection(ctx context.Context, asOf pgtype.Date) ([]DueInstalment, error) {
	rows, err := q.db.Query(ctx, listDueForCollection, asOf)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []DueInstalment
	for rows.Next() {
		var i DueInstalment
		if err := rows.Scan(&i.InstalmentID, &i.LoanID, &i.OutstandingCents, &i.AutopayPm, &i.StripeCustomerID, &i.Currency); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const listNewlyOverdue = `-- name: ListNewlyOverdue :many
SELECT id, loan_id, seq, due_date, amount_cents, paid_cents, status
FROM instalments
WHERE due_date = $1 AND paid_cents < amount_cents AND status IN ('scheduled', 'due', 'overdue')
ORDER BY loan_id, seq
`

// ListNewlyOverdue returns the instalments whose grace period ends on the
// given date (due_date = run date - grace).
func (q *Queries) ListNewlyOverdue(ctx context.Context, dueDate pgtype.Date) ([]Instalment, error) {
	rows, err := q.db.Query(ctx, listNewlyOverdue, dueDate)
	if err != nil {
		return nil, err
	}
	return scanInstalments(rows)
}

const markInstalmentOverdue = `-- name: MarkInstalmentOverdue :exec
UPDATE instalments SET status = 'overdue' WHERE id = $1 AND status IN ('scheduled', 'due')
`

func (q *Queries) MarkInstalmentOverdue(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markInstalmentOverdue, id)
	return err
}
