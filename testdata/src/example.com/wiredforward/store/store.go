// Package store implements app.Bookings on PostgreSQL.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredforward/app"
)

// Bookings is the bookings table.
type Bookings struct{ DB *sql.DB }

// Book stores a booking under an ID it makes.
func (b *Bookings) Book(ctx context.Context, in app.BookInput) error {
	_, err := b.DB.ExecContext(ctx, "INSERT INTO bookings (id, room, guest) VALUES ($1, $2, $3)", uuid.NewString(), in.Room, in.Guest) // want `a retry inserts a second bookings row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handlers.Book\)`
	return err
}

// Cancel marks the booking cancelled: a second delivery changes
// nothing.
func (b *Bookings) Cancel(ctx context.Context, id string) error {
	_, err := b.DB.ExecContext(ctx, "UPDATE bookings SET status = 'cancelled' WHERE id = $1 AND status = 'booked'", id)
	return err
}

// Hold stores a hold under an ID it makes.
func (b *Bookings) Hold(ctx context.Context, in app.HoldInput) error {
	_, err := b.DB.ExecContext(ctx, "INSERT INTO holds (id, room, guest) VALUES ($1, $2, $3)", uuid.NewString(), in.Room, in.Guest) // want `a retry inserts a second holds row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handlers.Hold\)`
	return err
}

// Move counts the room's guest and records the move, each committed
// alone.
func (b *Bookings) Move(ctx context.Context, guest, room string) error {
	if _, err := b.DB.ExecContext(ctx, "UPDATE rooms SET guests = guests + 1 WHERE id = $1", room); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of rooms \(it computes from the current value\) in store.Bookings.Move is not idempotent \(HTTP handler Handlers.Move\)`
		return err
	}
	_, err := b.DB.ExecContext(ctx, "INSERT INTO moves (guest, room) VALUES ($1, $2)", guest, room)
	return err
}
