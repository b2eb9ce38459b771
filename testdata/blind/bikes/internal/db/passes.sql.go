package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const getPassPlan = `-- name: GetPassPlan :one
SELECT code, name, price_cents, duration_days, free_minutes, active
FROM pass_plans
WHERE code = $1`

func (q *Queries) GetPassPlan(ctx context.Context, code string) (PassPlan, error) {
	row := q.db.QueryRow(ctx, getPassPlan, code)
	var i PassPlan
	err := row.Scan(
		&i.Code,
		&i.Name,
		&i.PriceCents,
		&i.DurationDays,
		&i.FreeMinutes,
		&i.Active,
	)
	return i, err
}

const passColumns = `id, rider_id, plan_code, status, auto_renew, starts_at, expires_at, payment_intent_id,
       price_cents, created_at, cancelled_at`

func scanPass(row interface{ Scan(...any) error }) (Pass, error) {
	var i Pass
	err := row.Scan(
		&i.ID,
		&i.RiderID,
		&i.PlanCode,
		&i.Status,
		&i.AutoRenew,
		&i.StartsAt,
		&i.ExpiresAt,
		&i.PaymentIntentID,
		&i.PriceCents,
		&i.CreatedAt,
		&i.CancelledAt,
	)
	return i, err
}

const createPass = `-- name: CreatePass :one
INSERT INTO passes (id, rider_id, plan_code, status, auto_renew, starts_at, expires_at, payment_intent_id, price_cents)
VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $8)
RETURNING ` + passColumns

type CreatePassParams struct {
	ID              uuid.UUID
	RiderID         uuid.UUID
	PlanCode        string
	AutoRenew       bool
	StartsAt        time.Time
	ExpiresAt       time.Time
	PaymentIntentID pgtype.Text
	PriceCents      int64
}

func (q *Queries) CreatePass(ctx context.Context, arg CreatePassParams) (Pass, error) {
	row := q.db.QueryRow(ctx, createPass,
		arg.ID,
		arg.RiderID,
		arg.PlanCode,
		arg.AutoRenew,
		arg.StartsAt,
		arg.ExpiresAt,
		arg.PaymentIntentID,
		arg.PriceCents,
	)
	return scanPass(row)
}

const getPass = `-- name: GetPass :one
SELECT ` + passColumns + ` FROM passes WHERE id = $1`

func (q *Queries) GetPass(ctx context.Context, id uuid.UUID) (Pass, error) {
	return scanPass(q.db.QueryRow(ctx, getPass, id))
}

const getActivePassForRider = `-- name: GetActivePassForRider :one
SELECT ` + passColumns + ` FROM passes
WHERE rider_id = $1 AND status = 'active' AND starts_at <= $2 AND expires_at > $2
ORDER BY expires_at DESC
LIMIT 1`

type GetActivePassForRiderParams struct {
	RiderID uuid.UUID
	At      time.Time
}

func (q *Queries) GetActivePassForRider(ctx context.Context, arg GetActivePassForRiderParams) (Pass, error) {
	return scanPass(q.db.QueryRow(ctx, getActivePassForRider, arg.RiderID, arg.At))
}

const cancelPass = `-- name: CancelPass :execrows
UPDATE passes
SET status = 'cancelled', cancelled_at = $2, auto_renew = false
WHERE id = $1 AND status = 'active'`

type CancelPassParams struct {
	ID          uuid.UUID
	CancelledAt pgtype.Timestamptz
}

func (q *Queries) CancelPass(ctx context.Context, arg CancelPassParams) (int64, error) {
	result, err := q.db.Exec(ctx, cancelPass, arg.ID, arg.CancelledAt)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const extendPass = `-- name: ExtendPass :exec
UPDATE passes
SET expires_at = $2
WHERE id = $1`

type ExtendPassParams struct {
	ID        uuid.UUID
	ExpiresAt time.Time
}

func (q *Queries) ExtendPass(ctx context.Context, arg ExtendPassParams) error {
	_, err := q.db.Exec(ctx, extendPass, arg.ID, arg.ExpiresAt)
	return err
}

const listPassesDueForRenewal = `-- name: ListPassesDueForRenewal :many
SELECT ` + passColumns + ` FROM passes
WHERE status = 'active' AND auto_renew AND expires_at <= $1
ORDER BY expires_at
LIMIT $2`

type ListPassesDueForRenewalParams struct {
	Before time.Time
	Limit  int32
}

func (q *Queries) ListPassesDueForRenewal(ctx context.Context, arg ListPassesDueForRenewalParams) ([]Pass, error) {
	rows, err := q.db.Query(ctx, listPassesDueForRenewal, arg.Before, arg.Limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Pass
	for rows.Next() {
		i, err := scanPass(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return items, nil
}

const listPassesExpiringBetween = `-- name: ListPassesExpiringBetween :many
SELECT ` + passColumns + ` FROM passes
WHERE status = 'active' AND NOT auto_renew AND expires_at >= $1 AND expires_at < $2
ORDER BY expires_at
LIMIT $3`

type ListPassesExpiringBetweenParams struct {
	From  time.Time
	To    time.Time
	Limit int32
}

func (q *Queries) ListPassesExpiringBetween(ctx context.Context, arg ListPassesExpiringBetweenParams) ([]Pass, error) {
	rows, err := q.db.Query(ctx, listPassesExpiringBetween, arg.From, arg.To, arg.Limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Pass
	for rows.Next() {
		i, err := scanPass(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return items, nil
}
