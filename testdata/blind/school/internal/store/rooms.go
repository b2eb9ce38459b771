package store

import (
	"context"
	"time"
)

func (r *Repo) GetRoom(ctx context.Context, id string) (Room, error) {
	var rm Room
	err := r.db.QueryRow(ctx, `SELECT id, campus, name, capacity FROM rooms WHERE id = $1`, id).
		Scan(&rm.ID, &rm.Campus, &rm.Name, &rm.Capacity)
	return rm, notFound(err)
}

// InsertRoomBooking reports false when the slot is already taken.
func (r *Repo) InsertRoomBooking(ctx context.Context, b RoomBooking) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO room_bookings (id, room_id, starts_at, ends_at, class_id, booked_by)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (room_id, starts_at) DO NOTHING`,
		b.ID, b.RoomID, b.StartsAt, b.EndsAt, b.ClassID, b.BookedBy)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Repo) GetRoomBookingBySlot(ctx context.Context, roomID string, startsAt time.Time) (RoomBooking, error) {
	var b RoomBooking
	err := r.db.QueryRow(ctx, `
		SELECT id, room_id, starts_at, ends_at, class_id, booked_by, created_at
		FROM room_bookings WHERE room_id = $1 AND starts_at = $2`, roomID, startsAt).Scan(
		&b.ID, &b.RoomID, &b.StartsAt, &b.EndsAt, &b.ClassID, &b.BookedBy, &b.CreatedAt)
	return b, notFound(err)
}
