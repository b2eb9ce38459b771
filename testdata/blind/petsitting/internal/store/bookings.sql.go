package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

const bookingColumns = `id, owner_id, sitter_id, pet_id, kind, status, starts_at, ends_at,
	price_cents, currency, lock_id, access_code_id, access_code, key_first_used_at,
	reminder_queued_at, accepted_at, completed_at, cancelled_at, cancel_reason, created_at`

const getBooking = `SELECT ` + bookingColumns + ` FROM bookings WHERE id = $1`

func (q *Queries) GetBooking(ctx context.Context, id uuid.UUID) (Booking, error) {
	rows, err := q.db.Query(ctx, getBooking, id)
	return collectOne[Booking](rows, err)
}

const getBookingByAccessCode = `SELECT ` + bookingColumns + ` FROM bookings WHERE access_code_id = $1`

func (q *Queries) GetBookingByAccessCode(ctx context.Context, accessCodeID string) (Booking, error) {
	rows, err := q.db.Query(ctx, getBookingByAccessCode, accessCodeID)
	return collectOne[Booking](rows, err)
}

const createBooking = `INSERT INTO bookings (id, owner_id, sitter_id, pet_id, kind, starts_at, ends_at, price_cents, currency, lock_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
RETURNING ` + bookingColumns

type CreateBookingParams struct {
	ID         uuid.UUID
	OwnerID    uuid.UUID
	SitterID   uuid.UUID
	PetID      uuid.UUID
	Kind       string
	StartsAt   time.Time
	EndsAt     time.Time
	PriceCents int64
	Currency   string
	LockID     *string
}

func (q *Queries) CreateBooking(ctx context.Context, arg CreateBookingParams) (Booking, error) {
	rows, err := q.db.Query(ctx, createBooking, arg.ID, arg.OwnerID, arg.SitterID, arg.PetID,
		arg.Kind, arg.StartsAt, arg.EndsAt, arg.PriceCents, arg.Currency, arg.LockID)
	return collectOne[Booking](rows, err)
}

const acceptBooking = `UPDATE bookings
SET status = 'accepted', accepted_at = now(), access_code_id = $2, access_code = $3
WHERE id = $1 AND status = 'requested'`

func (q *Queries) AcceptBooking(ctx context.Context, id uuid.UUID, accessCodeID, accessCode *string) (int64, error) {
	tag, err := q.db.Exec(ctx, acceptBooking, id, accessCodeID, accessCode)
	return tag.RowsAffected(), err
}

const cancelBooking = `UPDATE bookings
SET status = 'cancelled', cancelled_at = now(), cancel_reason = $2
WHERE id = $1 AND status IN ('requested', 'accepted')`

func (q *Queries) CancelBooking(ctx context.Context, id uuid.UUID, reason string) (int64, error) {
	tag, err := q.db.Exec(ctx, cancelBooking, id, reason)
	return tag.RowsAffected(), err
}

const completeBooking = `UPDATE bookings
SET status = 'completed', completed_at = now()
WHERE id = $1 AND status = 'accepted'`

func (q *Queries) CompleteBooking(ctx context.Context, id uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, completeBooking, id)
	return tag.RowsAffected(), err
}

const listBookingsDueReminder = `SELECT ` + bookingColumns + ` FROM bookings
WHERE status = 'accepted' AND reminder_queued_at IS NULL
  AND starts_at >= $1 AND starts_at < $2
ORDER BY starts_at
LIMIT $3`

func (q *Queries) ListBookingsDueReminder(ctx context.Context, from, to time.Time, limit int32) ([]Booking, error) {
	rows, err := q.db.Query(ctx, listBookingsDueReminder, from, to, limit)
	return collectAll[Booking](rows, err)
}

const markRemindersQueued = `UPDATE bookings SET reminder_queued_at = now() WHERE id = ANY($1::uuid[])`

func (q *Queries) MarkRemindersQueued(ctx context.Context, ids []uuid.UUID) error {
	_, err := q.db.Exec(ctx, markRemindersQueued, ids)
	return err
}

const setKeyFirstUsed = `UPDATE bookings SET key_first_used_at = $2
WHERE id = $1 AND key_first_used_at IS NULL`

func (q *Queries) SetKeyFirstUsed(ctx context.Context, id uuid.UUID, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, setKeyFirstUsed, id, at)
	return tag.RowsAffected(), err
}

const getBookingContact = `SELECT b.id AS booking_id, b.kind, b.starts_at, p.name AS pet_name,
	o.full_name AS owner_name, o.phone AS owner_phone,
	s.full_name AS sitter_name, s.phone AS sitter_phone
FROM bookings b
JOIN pets p ON p.id = b.pet_id
JOIN owners o ON o.id = b.owner_id
JOIN sitters s ON s.id = b.sitter_id
WHERE b.id = $1`

func (q *Queries) GetBookingContact(ctx context.Context, id uuid.UUID) (BookingContact, error) {
	rows, err := q.db.Query(ctx, getBookingContact, id)
	return collectOne[BookingContact](rows, err)
}

const getOwner = `SELECT id, full_name, phone, stripe_customer_id, default_payment_method, created_at
FROM owners WHERE id = $1`

func (q *Queries) GetOwner(ctx context.Context, id uuid.UUID) (Owner, error) {
	rows, err := q.db.Query(ctx, getOwner, id)
	return collectOne[Owner](rows, err)
}

const getSitter = `SELECT id, full_name, phone, stripe_account_id, hourly_rate_cents, rating_sum, rating_count, created_at
FROM sitters WHERE id = $1`

func (q *Queries) GetSitter(ctx context.Context, id uuid.UUID) (Sitter, error) {
	rows, err := q.db.Query(ctx, getSitter, id)
	return collectOne[Sitter](rows, err)
}

const addSitterRating = `UPDATE sitters SET rating_sum = rating_sum + $2, rating_count = rating_count + 1 WHERE id = $1`

func (q *Queries) AddSitterRating(ctx context.Context, sitterID uuid.UUID, stars int16) error {
	_, err := q.db.Exec(ctx, addSitterRating, sitterID, stars)
	return err
}

const petBelongsToOwner = `SELECT EXISTS (SELECT 1 FROM pets WHERE id = $1 AND owner_id = $2)`

func (q *Queries) PetBelongsToOwner(ctx context.Context, petID, ownerID uuid.UUID) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, petBelongsToOwner, petID, ownerID).Scan(&ok)
	return ok, err
}
