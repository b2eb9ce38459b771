package db

import (
	"context"
	"database/sql"
)

const insertPayout = `-- name: InsertPayout :exec
INSERT INTO payouts (id, claim_id, policy_id, payee_kind, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, $5, $6, 'pending')`

func (q *Queries) InsertPayout(ctx context.Context, p Payout) error {
	_, err := q.db.ExecContext(ctx, insertPayout,
		p.ID, p.ClaimID, p.PolicyID, p.PayeeKind, p.AmountCents, p.Currency)
	return err
}

const insertPayoutOnce = `-- name: InsertPayoutOnce :execrows
INSERT INTO payouts (id, claim_id, policy_id, payee_kind, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, $5, $6, 'pending')
ON CONFLICT (id) DO NOTHING`

func (q *Queries) InsertPayoutOnce(ctx context.Context, p Payout) (bool, error) {
	res, err := q.db.ExecContext(ctx, insertPayoutOnce,
		p.ID, p.ClaimID, p.PolicyID, p.PayeeKind, p.AmountCents, p.Currency)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const payoutColumns = `id, claim_id, policy_id, payee_kind, amount_cents, currency, status, transfer_ref, attempt`

func scanPayout(row interface{ Scan(...any) error }) (Payout, error) {
	var p Payout
	err := row.Scan(&p.ID, &p.ClaimID, &p.PolicyID, &p.PayeeKind, &p.AmountCents, &p.Currency,
		&p.Status, &p.TransferRef, &p.Attempt)
	return p, notFound(err)
}

const getPayout = `-- name: GetPayout :one
SELECT ` + payoutColumns + ` FROM payouts WHERE id = $1`

func (q *Queries) GetPayout(ctx context.Context, id string) (Payout, error) {
	return scanPayout(q.db.QueryRowContext(ctx, getPayout, id))
}

const markPayoutSubmitted = `-- name: MarkPayoutSubmitted :exec
UPDATE payouts SET status = 'submitted', transfer_ref = $2, attempt = $3, updated_at = now()
WHERE id = $1`

func (q *Queries) MarkPayoutSubmitted(ctx context.Context, id, transferRef string, attempt int32) error {
	_, err := q.db.ExecContext(ctx, markPayoutSubmitted, id, transferRef, attempt)
	return err
}

const listReturnedPayouts = `-- name: ListReturnedPayouts :many
SELECT p.id, p.claim_id, p.policy_id, p.payee_kind, p.amount_cents, p.currency, p.status, p.transfer_ref, p.attempt
FROM payouts p JOIN policies pol ON pol.id = p.policy_id
WHERE pol.policyholder_id = $1 AND p.status = 'returned' AND p.payee_kind = 'policyholder'`

func (q *Queries) ListReturnedPayouts(ctx context.Context, policyholderID string) ([]Payout, error) {
	rows, err := q.db.QueryContext(ctx, listReturnedPayouts, policyholderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Payout
	for rows.Next() {
		p, err := scanPayout(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// NullString is a small helper for optional text columns.
func NullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// NullInt64 is a small helper for optional integer columns.
func NullInt64(v int64, valid bool) sql.NullInt64 {
	return sql.NullInt64{Int64: v, Valid: valid}
}
