package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

const tripColumns = `id, boat_id, skipper_id, marina_id, departs_at, returns_at, capacity, held, booked,
       price_cents, deposit_pct, status, crew_status, harbour_fee_cents, completed_at, created_at`

func scanTrip(row interface{ Scan(...any) error }) (Trip, error) {
	var i Trip
	err := row.Scan(&i.ID, &i.BoatID, &i.SkipperID, &i.MarinaID, &i.DepartsAt, &i.ReturnsAt, &i.Capacity, &i.Held, &i.Booked, &i.PriceCents, &i.DepositPct, &i.Status, &i.CrewStatus, &i.HarbourFeeCents, &i.CompletedAt, &i.CreatedAt)
	return i, err
}

func collectTrips(rows pgx.Rows, err error) ([]Trip, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Trip
	for rows.Next() {
		i, err := scanTrip(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const insertTrip = `-- name: InsertTrip :one
INSERT INTO trips (id, boat_id, skipper_id, marina_id, departs_at, returns_at, capacity, price_cents, deposit_pct)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (boat_id, departs_at) DO NOTHING
RETURNING ` + tripColumns

type InsertTripParams struct {
	ID         string
	BoatID     string
	SkipperID  string
	MarinaID   string
	DepartsAt  time.Time
	ReturnsAt  time.Time
	Capacity   int32
	PriceCents int64
	DepositPct int32
}

// InsertTrip returns pgx.ErrNoRows when the boat already has a trip at that
// departure time.
func (q *Queries) InsertTrip(ctx context.Context, arg InsertTripParams) (Trip, error) {
	row := q.db.QueryRow(ctx, insertTrip, arg.ID, arg.BoatID, arg.SkipperID, arg.MarinaID, arg.DepartsAt, arg.ReturnsAt, arg.Capacity, arg.PriceCents, arg.DepositPct)
	return scanTrip(row)
}

const getTripByBoatDeparture = `-- name: GetTripByBoatDeparture :one
SELECT ` + tripColumns + ` FROM trips WHERE boat_id = $1 AND departs_at = $2`

func (q *Queries) GetTripByBoatDeparture(ctx context.Context, boatID string, departsAt time.Time) (Trip, error) {
	return scanTrip(q.db.QueryRow(ctx, getTripByBoatDeparture, boatID, departsAt))
}

const getTrip = `-- name: GetTrip :one
SELECT ` + tripColumns + ` FROM trips WHERE id = $1`

func (q *Queries) GetTrip(ctx context.Context, id string) (Trip, error) {
	return scanTrip(q.db.QueryRow(ctx, getTrip, id))
}

const reserveSeats = `-- name: ReserveSeats :execrows
UPDATE trips SET held = held + $2
WHERE id = $1 AND status = 'scheduled' AND held + booked + $2 <= capacity`

func (q *Queries) ReserveSeats(ctx context.Context, tripID string, seats int32) (int64, error) {
	tag, err := q.db.Exec(ctx, reserveSeats, tripID, seats)
	return tag.RowsAffected(), err
}

const convertHeldSeats = `-- name: ConvertHeldSeats :exec
UPDATE trips SET held = held - $2, booked = booked + $2 WHERE id = $1`

func (q *Queries) ConvertHeldSeats(ctx context.Context, tripID string, seats int32) error {
	_, err := q.db.Exec(ctx, convertHeldSeats, tripID, seats)
	return err
}

const releaseHeldSeats = `-- name: ReleaseHeldSeats :exec
UPDATE trips SET held = held - $2 WHERE id = $1`

func (q *Queries) ReleaseHeldSeats(ctx context.Context, tripID string, seats int32) error {
	_, err := q.db.Exec(ctx, releaseHeldSeats, tripID, seats)
	return err
}

const releaseBookedSeats = `-- name: ReleaseBookedSeats :exec
UPDATE trips SET booked = booked - $2 WHERE id = $1`

func (q *Queries) ReleaseBookedSeats(ctx context.Context, tripID string, seats int32) error {
	_, err := q.db.Exec(ctx, releaseBookedSeats, tripID, seats)
	return err
}

const listTrips = `-- name: ListTrips :many
SELECT ` + tripColumns + ` FROM trips
WHERE marina_id = $1 AND status = 'scheduled' AND departs_at >= $2
  AND (departs_at, id) > ($3::timestamptz, $4::text)
ORDER BY departs_at, id
LIMIT $5`

type ListTripsParams struct {
	MarinaID     string
	From         time.Time
	AfterDeparts time.Time
	AfterID      string
	Limit        int32
}

func (q *Queries) ListTrips(ctx context.Context, arg ListTripsParams) ([]Trip, error) {
	return collectTrips(q.db.Query(ctx, listTrips, arg.MarinaID, arg.From, arg.AfterDeparts, arg.AfterID, arg.Limit))
}

const listTripsInWindow = `-- name: ListTripsInWindow :many
SELECT ` + tripColumns + ` FROM trips
WHERE marina_id = ANY($1::text[]) AND status = 'scheduled'
  AND departs_at < $3 AND returns_at > $2
ORDER BY departs_at`

func (q *Queries) ListTripsInWindow(ctx context.Context, marinaIDs []string, from, to time.Time) ([]Trip, error) {
	return collectTrips(q.db.Query(ctx, listTripsInWindow, marinaIDs, from, to))
}

const setTripStatus = `-- name: SetTripStatus :exec
UPDATE trips SET status = $2 WHERE id = $1`

func (q *Queries) SetTripStatus(ctx context.Context, id, status string) error {
	_, err := q.db.Exec(ctx, setTripStatus, id, status)
	return err
}

const reopenWeatherTrips = `-- name: ReopenWeatherTrips :execrows
UPDATE trips SET status = 'scheduled'
WHERE status = 'weather_hold' AND marina_id = ANY($1::text[])
  AND departs_at < $3 AND returns_at > $2 AND departs_at > now()`

func (q *Queries) ReopenWeatherTrips(ctx context.Context, marinaIDs []string, from, to time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, reopenWeatherTrips, marinaIDs, from, to)
	return tag.RowsAffected(), err
}

const markTripCrewed = `-- name: MarkTripCrewed :execrows
UPDATE trips SET crew_status = 'crewed' WHERE id = $1 AND crew_status = 'pending'`

func (q *Queries) MarkTripCrewed(ctx context.Context, id string) (int64, error) {
	tag, err := q.db.Exec(ctx, markTripCrewed, id)
	return tag.RowsAffected(), err
}

const addTripHarbourFee = `-- name: AddTripHarbourFee :exec
UPDATE trips SET harbour_fee_cents = harbour_fee_cents + $2 WHERE id = $1`

func (q *Queries) AddTripHarbourFee(ctx context.Context, id string, cents int64) error {
	_, err := q.db.Exec(ctx, addTripHarbourFee, id, cents)
	return err
}

const listTripsToClose = `-- name: ListTripsToClose :many
SELECT ` + tripColumns + ` FROM trips
WHERE status = 'scheduled' AND returns_at < $1
ORDER BY returns_at
LIMIT $2`

func (q *Queries) ListTripsToClose(ctx context.Context, before time.Time, limit int32) ([]Trip, error) {
	return collectTrips(q.db.Query(ctx, listTripsToClose, before, limit))
}

const markTripCompleted = `-- name: MarkTripCompleted :execrows
UPDATE trips SET status = 'completed', completed_at = $2 WHERE id = $1 AND status = 'scheduled'`

func (q *Queries) MarkTripCompleted(ctx context.Context, id string, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, markTripCompleted, id, at)
	return tag.RowsAffected(), err
}
