package db

import (
	"context"
	"time"
)

const createPayoutRun = `-- name: CreatePayoutRun :execrows
INSERT INTO payout_runs (id, period_start, period_end)
VALUES ($1, $2, $3)
ON CONFLICT (period_start) DO NOTHING`

// CreatePayoutRun returns false if a run for the period already exists.
func (q *Queries) CreatePayoutRun(ctx context.Context, id string, start, end time.Time) (bool, error) {
	tag, err := q.db.Exec(ctx, createPayoutRun, id, start, end)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const listDriversWithBalance = `-- name: ListDriversWithBalance :many
SELECT l.driver_id
FROM driver_ledger l
JOIN drivers d ON d.id = l.driver_id
WHERE d.active AND l.created_at < $1
GROUP BY l.driver_id
HAVING SUM(l.amount_cents) > 0`

func (q *Queries) ListDriversWithBalance(ctx context.Context, before time.Time) ([]string, error) {
	rows, err := q.db.Query(ctx, listDriversWithBalance, before)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

const driverBalance = `-- name: DriverBalance :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint FROM driver_ledger
WHERE driver_id = $1 AND created_at < $2`

func (q *Queries) DriverBalance(ctx context.Context, driverID string, before time.Time) (int64, error) {
	var n int64
	err := q.db.QueryRow(ctx, driverBalance, driverID, before).Scan(&n)
	return n, err
}

const insertDriverPayout = `-- name: InsertDriverPayout :exec
INSERT INTO driver_payouts (id, driver_id, period_start, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (driver_id, period_start) DO NOTHING`

func (q *Queries) InsertDriverPayout(ctx context.Context, p DriverPayout) error {
	_, err := q.db.Exec(ctx, insertDriverPayout, p.ID, p.DriverID, p.PeriodStart, p.AmountCents, p.Currency)
	return err
}

const getDriverPayoutForPeriod = `-- name: GetDriverPayoutForPeriod :one
SELECT ` + DriverPayoutColumns + ` FROM driver_payouts WHERE driver_id = $1 AND period_start = $2`

func (q *Queries) GetDriverPayoutForPeriod(ctx context.Context, driverID string, periodStart time.Time) (DriverPayout, error) {
	return ScanDriverPayout(q.db.QueryRow(ctx, getDriverPayoutForPeriod, driverID, periodStart))
}

const markPayoutPaid = `-- name: MarkPayoutPaid :exec
UPDATE driver_payouts SET status = 'paid', provider_ref = $2, paid_at = $3 WHERE id = $1`

func (q *Queries) MarkPayoutPaid(ctx context.Context, id, providerRef string, paidAt time.Time) error {
	_, err := q.db.Exec(ctx, markPayoutPaid, id, providerRef, paidAt)
	return err
}

const insertDriverLedgerEntry = `-- name: InsertDriverLedgerEntry :exec
INSERT INTO driver_ledger (id, driver_id, shipment_id, payout_id, kind, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6)`

func (q *Queries) InsertDriverLedgerEntry(ctx context.Context, e DriverLedgerEntry) error {
	_, err := q.db.Exec(ctx, insertDriverLedgerEntry, e.ID, e.DriverID, e.ShipmentID, e.PayoutID, e.Kind, e.AmountCents)
	return err
}

const insertFuelAdvance = `-- name: InsertFuelAdvance :exec
INSERT INTO fuel_advances (id, driver_id, shipment_id, amount_cents, provider_ref)
VALUES ($1, $2, $3, $4, $5)`

func (q *Queries) InsertFuelAdvance(ctx context.Context, a FuelAdvance) error {
	_, err := q.db.Exec(ctx, insertFuelAdvance, a.ID, a.DriverID, a.ShipmentID, a.AmountCents, a.ProviderRef)
	return err
}

const claimIdempotencyKey = `-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
ON CONFLICT (scope, key) DO NOTHING`

// ClaimIdempotencyKey returns true if this call inserted the key.
func (q *Queries) ClaimIdempotencyKey(ctx context.Context, scope, key string) (bool, error) {
	tag, err := q.db.Exec(ctx, claimIdempotencyKey, scope, key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const getIdempotencyKey = `-- name: GetIdempotencyKey :one
SELECT scope, key, resource_id, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2`

func (q *Queries) GetIdempotencyKey(ctx context.Context, scope, key string) (IdempotencyKey, error) {
	var k IdempotencyKey
	err := q.db.QueryRow(ctx, getIdempotencyKey, scope, key).Scan(&k.Scope, &k.Key, &k.ResourceID, &k.CreatedAt)
	return k, err
}

const saveIdempotencyKey = `-- name: SaveIdempotencyKey :exec
INSERT INTO idempotency_keys (scope, key, resource_id) VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO UPDATE SET resource_id = EXCLUDED.resource_id`

func (q *Queries) SaveIdempotencyKey(ctx context.Context, scope, key, resourceID string) error {
	_, err := q.db.Exec(ctx, saveIdempotencyKey, scope, key, resourceID)
	return err
}

const insertJobAttempt = `-- name: InsertJobAttempt :exec
INSERT INTO job_attempts (id, job_id, kind, attempt, error) VALUES ($1, $2, $3, $4, $5)`

func (q *Queries) InsertJobAttempt(ctx context.Context, a JobAttempt) error {
	_, err := q.db.Exec(ctx, insertJobAttempt, a.ID, a.JobID, a.Kind, a.Attempt, a.Error)
	return err
}
