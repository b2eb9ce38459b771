package db

import (
	"context"
	"database/sql"
	"time"
)

type IdempotencyRecord struct {
	Scope          string
	Key            string
	ResourceID     sql.NullString
	ResponseStatus sql.NullInt32
	ResponseBody   []byte
}

const claimIdempotencyKey = `-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
ON CONFLICT (scope, key) DO NOTHING`

// ClaimIdempotencyKey returns true if this call claimed the key, false if it
// was already claimed (by a committed or concurrent transaction).
func (q *Queries) ClaimIdempotencyKey(ctx context.Context, scope, key string) (bool, error) {
	res, err := q.db.ExecContext(ctx, claimIdempotencyKey, scope, key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const getIdempotencyKey = `-- name: GetIdempotencyKey :one
SELECT scope, key, resource_id, response_status, response_body
FROM idempotency_keys WHERE scope = $1 AND key = $2`

func (q *Queries) GetIdempotencyKey(ctx context.Context, scope, key string) (IdempotencyRecord, error) {
	var r IdempotencyRecord
	err := q.db.QueryRowContext(ctx, getIdempotencyKey, scope, key).Scan(
		&r.Scope, &r.Key, &r.ResourceID, &r.ResponseStatus, &r.ResponseBody)
	return r, notFound(err)
}

const setIdempotencyResource = `-- name: SetIdempotencyResource :exec
UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`

func (q *Queries) SetIdempotencyResource(ctx context.Context, scope, key, resourceID string) error {
	_, err := q.db.ExecContext(ctx, setIdempotencyResource, scope, key, resourceID)
	return err
}

const insertPolicy = `-- name: InsertPolicy :exec
INSERT INTO policies (
    id, quote_id, policyholder_id, pet_id, status, monthly_premium_cents,
    annual_limit_cents, currency, payment_method_id, starts_on, renews_on
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`

func (q *Queries) InsertPolicy(ctx context.Context, p Policy) error {
	_, err := q.db.ExecContext(ctx, insertPolicy,
		p.ID, p.QuoteID, p.PolicyholderID, p.PetID, p.Status, p.MonthlyPremiumCents,
		p.AnnualLimitCents, p.Currency, p.PaymentMethodID, p.StartsOn, p.RenewsOn)
	return err
}

const policyColumns = `id, quote_id, policyholder_id, pet_id, status, monthly_premium_cents,
    annual_limit_cents, reserved_cents, arrears_cents, wellness_visits_left, currency,
    payment_method_id, starts_on, renews_on, cancelled_at`

func scanPolicy(row interface{ Scan(...any) error }) (Policy, error) {
	var p Policy
	err := row.Scan(&p.ID, &p.QuoteID, &p.PolicyholderID, &p.PetID, &p.Status, &p.MonthlyPremiumCents,
		&p.AnnualLimitCents, &p.ReservedCents, &p.ArrearsCents, &p.WellnessVisitsLeft, &p.Currency,
		&p.PaymentMethodID, &p.StartsOn, &p.RenewsOn, &p.CancelledAt)
	return p, notFound(err)
}

const getPolicy = `-- name: GetPolicy :one
SELECT ` + policyColumns + ` FROM policies WHERE id = $1`

func (q *Queries) GetPolicy(ctx context.Context, id string) (Policy, error) {
	return scanPolicy(q.db.QueryRowContext(ctx, getPolicy, id))
}

const getPolicyForUpdate = `-- name: GetPolicyForUpdate :one
SELECT ` + policyColumns + ` FROM policies WHERE id = $1 FOR UPDATE`

func (q *Queries) GetPolicyForUpdate(ctx context.Context, id string) (Policy, error) {
	return scanPolicy(q.db.QueryRowContext(ctx, getPolicyForUpdate, id))
}

const setPolicyStatus = `-- name: SetPolicyStatus :exec
UPDATE policies SET status = $2, updated_at = now() WHERE id = $1`

func (q *Queries) SetPolicyStatus(ctx context.Context, id, status string) error {
	_, err := q.db.ExecContext(ctx, setPolicyStatus, id, status)
	return err
}

const reserveLimit = `-- name: ReserveLimit :execrows
UPDATE policies SET reserved_cents = reserved_cents + $2, updated_at = now()
WHERE id = $1 AND reserved_cents + $2 <= annual_limit_cents`

// ReserveLimit holds part of the annual limit for a pre-authorised treatment.
// It returns false when the remaining limit is insufficient.
func (q *Queries) ReserveLimit(ctx context.Context, id string, cents int64) (bool, error) {
	res, err := q.db.ExecContext(ctx, reserveLimit, id, cents)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const reduceArrears = `-- name: ReduceArrears :exec
UPDATE policies
SET arrears_cents = GREATEST(arrears_cents - $2, 0),
    status = CASE WHEN status = 'lapsed' AND arrears_cents - $2 <= 0 THEN 'active' ELSE status END,
    updated_at = now()
WHERE id = $1`

func (q *Queries) ReduceArrears(ctx context.Context, id string, cents int64) error {
	_, err := q.db.ExecContext(ctx, reduceArrears, id, cents)
	return err
}

const addArrears = `-- name: AddArrears :exec
UPDATE policies SET arrears_cents = arrears_cents + $2, updated_at = now() WHERE id = $1`

func (q *Queries) AddArrears(ctx context.Context, id string, cents int64) error {
	_, err := q.db.ExecContext(ctx, addArrears, id, cents)
	return err
}

const useWellnessVisit = `-- name: UseWellnessVisit :execrows
UPDATE policies SET wellness_visits_left = wellness_visits_left - 1, updated_at = now()
WHERE id = $1 AND wellness_visits_left > 0`

func (q *Queries) UseWellnessVisit(ctx context.Context, id string) (bool, error) {
	res, err := q.db.ExecContext(ctx, useWellnessVisit, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const setRenewsOn = `-- name: SetRenewsOn :exec
UPDATE policies SET renews_on = $2, updated_at = now() WHERE id = $1`

func (q *Queries) SetRenewsOn(ctx context.Context, id string, renewsOn time.Time) error {
	_, err := q.db.ExecContext(ctx, setRenewsOn, id, renewsOn)
	return err
}
