package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const rideColumns = `id, rider_id, bike_id, start_dock_id, end_dock_id, status, payment_mode, pass_id,
       unlocked_at, started_at, ended_at, duration_secs, fare_cents, end_reason`

func scanRide(row interface{ Scan(...any) error }) (Ride, error) {
	var i Ride
	err := row.Scan(
		&i.ID,
		&i.RiderID,
		&i.BikeID,
		&i.StartDockID,
		&i.EndDockID,
		&i.Status,
		&i.PaymentMode,
		&i.PassID,
		&i.UnlockedAt,
		&i.StartedAt,
		&i.EndedAt,
		&i.DurationSecs,
		&i.FareCents,
		&i.EndReason,
	)
	return i, err
}

const createRide = `-- name: CreateRide :one
INSERT INTO rides (id, rider_id, bike_id, start_dock_id, status, payment_mode, pass_id, unlocked_at)
VALUES ($1, $2, $3, $4, 'unlocking', $5, $6, $7)
RETURNING ` + rideColumns

type CreateRideParams struct {
	ID          uuid.UUID
	RiderID     uuid.UUID
	BikeID      string
	StartDockID string
	PaymentMode string
	PassID      pgtype.UUID
	UnlockedAt  time.Time
}

func (q *Queries) CreateRide(ctx context.Context, arg CreateRideParams) (Ride, error) {
	row := q.db.QueryRow(ctx, createRide,
		arg.ID,
		arg.RiderID,
		arg.BikeID,
		arg.StartDockID,
		arg.PaymentMode,
		arg.PassID,
		arg.UnlockedAt,
	)
	return scanRide(row)
}

const getRide = `-- name: GetRide :one
SELECT ` + rideColumns + ` FROM rides WHERE id = $1`

func (q *Queries) GetRide(ctx context.Context, id uuid.UUID) (Ride, error) {
	return scanRide(q.db.QueryRow(ctx, getRide, id))
}

const markRideStarted = `-- name: MarkRideStarted :execrows
UPDATE rides
SET status = 'active', started_at = $2
WHERE id = $1 AND status = 'unlocking'`

type MarkRideStartedParams struct {
	ID        uuid.UUID
	StartedAt pgtype.Timestamptz
}

func (q *Queries) MarkRideStarted(ctx context.Context, arg MarkRideStartedParams) (int64, error) {
	result, err := q.db.Exec(ctx, markRideStarted, arg.ID, arg.StartedAt)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const endRide = `-- name: EndRide :one
UPDATE rides
SET status = 'ended',
    end_dock_id = $2,
    ended_at = $3,
    duration_secs = $4,
    fare_cents = $5,
    end_reason = $6
WHERE id = $1 AND status IN ('unlocking', 'active')
RETURNING ` + rideColumns

type EndRideParams struct {
	ID           uuid.UUID
	EndDockID    pgtype.Text
	EndedAt      pgtype.Timestamptz
	DurationSecs pgtype.Int4
	FareCents    pgtype.Int8
	EndReason    pgtype.Text
}

func (q *Queries) EndRide(ctx context.Context, arg EndRideParams) (Ride, error) {
	row := q.db.QueryRow(ctx, endRide,
		arg.ID,
		arg.EndDockID,
		arg.EndedAt,
		arg.DurationSecs,
		arg.FareCents,
		arg.EndReason,
	)
	return scanRide(row)
}

const voidRide = `-- name: VoidRide :execrows
UPDATE rides
SET status = 'voided', ended_at = now(), fare_cents = 0, end_reason = $2
WHERE id = $1 AND status IN ('unlocking', 'active')`

type VoidRideParams struct {
	ID        uuid.UUID
	EndReason pgtype.Text
}

func (q *Queries) VoidRide(ctx context.Context, arg VoidRideParams) (int64, error) {
	result, err := q.db.Exec(ctx, voidRide, arg.ID, arg.EndReason)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const listStaleRides = `-- name: ListStaleRides :many
SELECT ` + rideColumns + ` FROM rides
WHERE status IN ('unlocking', 'active') AND unlocked_at < $1
ORDER BY unlocked_at
LIMIT $2`

type ListStaleRidesParams struct {
	Before time.Time
	Limit  int32
}

func (q *Queries) ListStaleRides(ctx context.Context, arg ListStaleRidesParams) ([]Ride, error) {
	rows, err := q.db.Query(ctx, listStaleRides, arg.Before, arg.Limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Ride
	for rows.Next() {
		i, err := scanRide(rows)
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
