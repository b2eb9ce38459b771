package store

import (
	"context"
	"time"
)

const holdColumns = `id, trip_id, customer_id, seats, request_key, status, expires_at, created_at`

func scanHold(row interface{ Scan(...any) error }) (Hold, error) {
	var i Hold
	err := row.Scan(&i.ID, &i.TripID, &i.CustomerID, &i.Seats, &i.RequestKey, &i.Status, &i.ExpiresAt, &i.CreatedAt)
	return i, err
}

const insertHold = `-- name: InsertHold :one
INSERT INTO holds (id, trip_id, customer_id, seats, request_key, expires_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (customer_id, request_key) DO NOTHING
RETURNING ` + holdColumns

type InsertHoldParams struct {
	ID         string
	TripID     string
	CustomerID string
	Seats      int32
	RequestKey string
	ExpiresAt  time.Time
}

// InsertHold returns pgx.ErrNoRows when the customer already holds seats
// under the same request key.
func (q *Queries) InsertHold(ctx context.Context, arg InsertHoldParams) (Hold, error) {
	row := q.db.QueryRow(ctx, insertHold, arg.ID, arg.TripID, arg.CustomerID, arg.Seats, arg.RequestKey, arg.ExpiresAt)
	return scanHold(row)
}

const getHoldByRequestKey = `-- name: GetHoldByRequestKey :one
SELECT ` + holdColumns + ` FROM holds WHERE customer_id = $1 AND request_key = $2`

func (q *Queries) GetHoldByRequestKey(ctx context.Context, customerID, requestKey string) (Hold, error) {
	return scanHold(q.db.QueryRow(ctx, getHoldByRequestKey, customerID, requestKey))
}

const getHoldForUpdate = `-- name: GetHoldForUpdate :one
SELECT ` + holdColumns + ` FROM holds WHERE id = $1 FOR UPDATE`

func (q *Queries) GetHoldForUpdate(ctx context.Context, id string) (Hold, error) {
	return scanHold(q.db.QueryRow(ctx, getHoldForUpdate, id))
}

const transitionHold = `-- name: TransitionHold :execrows
UPDATE holds SET status = $3 WHERE id = $1 AND status = $2`

func (q *Queries) TransitionHold(ctx context.Context, id, from, to string) (int64, error) {
	tag, err := q.db.Exec(ctx, transitionHold, id, from, to)
	return tag.RowsAffected(), err
}

const expireHolds = `-- name: ExpireHolds :one
WITH expired AS (
    UPDATE holds SET status = 'expired'
    WHERE status = 'held' AND expires_at < $1
    RETURNING trip_id, seats
), per_trip AS (
    SELECT trip_id, sum(seats)::int AS seats FROM expired GROUP BY trip_id
), released AS (
    UPDATE trips t SET held = t.held - p.seats
    FROM per_trip p
    WHERE t.id = p.trip_id
    RETURNING t.id
)
SELECT (SELECT count(*) FROM expired), (SELECT count(*) FROM released)`

// ExpireHolds flips every lapsed hold and gives its seats back to the trip
// in a single statement.
func (q *Queries) ExpireHolds(ctx context.Context, now time.Time) (holds int64, trips int64, err error) {
	err = q.db.QueryRow(ctx, expireHolds, now).Scan(&holds, &trips)
	return holds, trips, err
}
