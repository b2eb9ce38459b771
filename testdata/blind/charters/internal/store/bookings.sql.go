package store

import (
	"context"
	"time"
)

const bookingColumns = `id, hold_id, trip_id, customer_id, seats, total_cents, deposit_cents, balance_paid, status, created_at, cancelled_at`

func scanBooking(row interface{ Scan(...any) error }) (Booking, error) {
	var i Booking
	err := row.Scan(&i.ID, &i.HoldID, &i.TripID, &i.CustomerID, &i.Seats, &i.TotalCents, &i.DepositCents, &i.BalancePaid, &i.Status, &i.CreatedAt, &i.CancelledAt)
	return i, err
}

const insertBooking = `-- name: InsertBooking :one
INSERT INTO bookings (id, hold_id, trip_id, customer_id, seats, total_cents, deposit_cents)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (hold_id) DO NOTHING
RETURNING ` + bookingColumns

type InsertBookingParams struct {
	ID           string
	HoldID       string
	TripID       string
	CustomerID   string
	Seats        int32
	TotalCents   int64
	DepositCents int64
}

func (q *Queries) InsertBooking(ctx context.Context, arg InsertBookingParams) (Booking, error) {
	row := q.db.QueryRow(ctx, insertBooking, arg.ID, arg.HoldID, arg.TripID, arg.CustomerID, arg.Seats, arg.TotalCents, arg.DepositCents)
	return scanBooking(row)
}

const getBooking = `-- name: GetBooking :one
SELECT ` + bookingColumns + ` FROM bookings WHERE id = $1`

func (q *Queries) GetBooking(ctx context.Context, id string) (Booking, error) {
	return scanBooking(q.db.QueryRow(ctx, getBooking, id))
}

const getBookingForUpdate = `-- name: GetBookingForUpdate :one
SELECT ` + bookingColumns + ` FROM bookings WHERE id = $1 FOR UPDATE`

func (q *Queries) GetBookingForUpdate(ctx context.Context, id string) (Booking, error) {
	return scanBooking(q.db.QueryRow(ctx, getBookingForUpdate, id))
}

const cancelBooking = `-- name: CancelBooking :execrows
UPDATE bookings SET status = 'cancelled', cancelled_at = $2 WHERE id = $1 AND status = 'confirmed'`

func (q *Queries) CancelBooking(ctx context.Context, id string, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, cancelBooking, id, at)
	return tag.RowsAffected(), err
}

const addToBookingTotal = `-- name: AddToBookingTotal :exec
UPDATE bookings SET total_cents = total_cents + $2 WHERE id = $1`

func (q *Queries) AddToBookingTotal(ctx context.Context, id string, cents int64) error {
	_, err := q.db.Exec(ctx, addToBookingTotal, id, cents)
	return err
}

const markBalancePaid = `-- name: MarkBalancePaid :exec
UPDATE bookings SET balance_paid = true WHERE id = $1`

func (q *Queries) MarkBalancePaid(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markBalancePaid, id)
	return err
}

const listActiveBookingsForTrip = `-- name: ListActiveBookingsForTrip :many
SELECT b.id, b.customer_id, c.name, c.phone, b.seats, b.total_cents
FROM bookings b JOIN customers c ON c.id = b.customer_id
WHERE b.trip_id = $1 AND b.status = 'confirmed'
ORDER BY b.created_at`

type BookingContact struct {
	BookingID    string
	CustomerID   string
	CustomerName string
	Phone        string
	Seats        int32
	TotalCents   int64
}

func (q *Queries) ListActiveBookingsForTrip(ctx context.Context, tripID string) ([]BookingContact, error) {
	rows, err := q.db.Query(ctx, listActiveBookingsForTrip, tripID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []BookingContact
	for rows.Next() {
		var i BookingContact
		if err := rows.Scan(&i.BookingID, &i.CustomerID, &i.CustomerName, &i.Phone, &i.Seats, &i.TotalCents); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const insertCancellation = `-- name: InsertCancellation :exec
INSERT INTO cancellations (booking_id, source, reason) VALUES ($1, $2, $3)
ON CONFLICT (booking_id) DO NOTHING`

func (q *Queries) InsertCancellation(ctx context.Context, bookingID, source, reason string) error {
	_, err := q.db.Exec(ctx, insertCancellation, bookingID, source, reason)
	return err
}

const insertBookingExtra = `-- name: InsertBookingExtra :one
INSERT INTO booking_extras (id, booking_id, extra_code, quantity, price_cents)
VALUES ($1, $2, $3, $4, $5)
RETURNING id, booking_id, extra_code, quantity, price_cents, created_at`

type InsertBookingExtraParams struct {
	ID         string
	BookingID  string
	ExtraCode  string
	Quantity   int32
	PriceCents int64
}

func (q *Queries) InsertBookingExtra(ctx context.Context, arg InsertBookingExtraParams) (BookingExtra, error) {
	var i BookingExtra
	err := q.db.QueryRow(ctx, insertBookingExtra,
		arg.ID, arg.BookingID, arg.ExtraCode, arg.Quantity, arg.PriceCents,
	).Scan(&i.ID, &i.BookingID, &i.ExtraCode, &i.Quantity, &i.PriceCents, &i.CreatedAt)
	return i, err
}
