-- name: InsertBooking :one
INSERT INTO bookings (id, restaurant_id, diner_id, slot_id, party_size, status, source, guest_name,
                      deposit_cents, starts_at, ends_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
RETURNING *;

-- name: InsertWalkinBooking :execrows
INSERT INTO bookings (id, restaurant_id, party_size, status, source, guest_name, starts_at, ends_at, seated_at)
VALUES ($1, $2, $3, 'seated', 'walkin', $4, $5, $6, $5)
ON CONFLICT (id) DO NOTHING;

-- name: GetBooking :one
SELECT * FROM bookings WHERE id = $1;

-- name: GetBookingForUpdate :one
SELECT * FROM bookings WHERE id = $1 FOR UPDATE;

-- name: ConfirmBooking :one
UPDATE bookings
SET status = 'confirmed', confirmed_at = now(), pos_hold_ref = $2, updated_at = now()
WHERE id = $1 AND status = 'pending'
RETURNING *;

-- name: CancelBooking :one
UPDATE bookings
SET status = 'cancelled', cancelled_at = now(), cancel_reason = $2, updated_at = now()
WHERE id = $1 AND status IN ('pending', 'confirmed')
RETURNING *;

-- name: MarkBookingSeated :execrows
UPDATE bookings
SET status = 'seated', seated_at = $2, updated_at = now()
WHERE id = $1 AND status = 'confirmed';

-- name: MarkBookingNoShow :execrows
UPDATE bookings
SET status = 'no_show', updated_at = now()
WHERE id = $1 AND status = 'confirmed';

-- name: SetBookingPosReservation :exec
UPDATE bookings
SET pos_reservation_id = $2, updated_at = now()
WHERE id = $1;

-- name: InsertBookingEvent :exec
INSERT INTO booking_events (id, booking_id, kind, actor, payload)
VALUES ($1, $2, $3, $4, $5);
