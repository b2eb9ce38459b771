-- name: CreateBooking :one
INSERT INTO bookings (
    id, client_id, photographer_id, event_date, event_type, venue,
    package_code, total_cents, deposit_cents, currency, hold_expires_at
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
)
RETURNING *;

-- name: GetBooking :one
SELECT * FROM bookings WHERE id = $1;

-- name: ConfirmBooking :execrows
UPDATE bookings
SET status = 'confirmed', updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: CancelBooking :execrows
UPDATE bookings
SET status = 'cancelled', updated_at = now()
WHERE id = $1 AND status IN ('pending', 'confirmed');

-- name: MarkBookingShot :execrows
UPDATE bookings
SET status = 'shot', updated_at = now()
WHERE id = $1 AND status IN ('confirmed', 'paid');

-- name: MarkBookingPaid :execrows
UPDATE bookings
SET status = 'paid', updated_at = now()
WHERE id = $1 AND status = 'confirmed';

-- name: SetBookingPaymentMethod :exec
UPDATE bookings
SET default_payment_method = $2, updated_at = now()
WHERE id = $1;

-- name: ListExpiredHolds :many
SELECT * FROM bookings
WHERE status = 'pending' AND hold_expires_at < $1
ORDER BY hold_expires_at
LIMIT $2;

-- name: ExpireBooking :execrows
UPDATE bookings
SET status = 'expired', updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: ListBookingsOnDate :many
SELECT * FROM bookings
WHERE event_date = $1 AND status IN ('confirmed', 'paid')
ORDER BY id;

-- name: ListBookingsDueBalance :many
SELECT * FROM bookings
WHERE status = 'confirmed'
  AND event_date <= $1
  AND default_payment_method IS NOT NULL
ORDER BY event_date, id
LIMIT $2;

-- name: CountPhotographerBookingsOnDate :one
SELECT count(*) FROM bookings
WHERE photographer_id = $1 AND event_date = $2
  AND status IN ('pending', 'confirmed', 'paid');

-- name: UpsertAvailability :one
INSERT INTO availability (photographer_id, day, status, note, updated_at)
VALUES ($1, $2, $3, $4, now())
ON CONFLICT (photographer_id, day) DO UPDATE
SET status = EXCLUDED.status, note = EXCLUDED.note, updated_at = now()
RETURNING *;

-- name: GetPhotographer :one
SELECT * FROM photographers WHERE id = $1;

-- name: UpdatePhotographerAccountStatus :execrows
UPDATE photographers
SET payouts_enabled = $2, details_submitted = $3
WHERE stripe_account_id = $1;

-- name: ListActivePhotographers :many
SELECT * FROM photographers WHERE stripe_account_id IS NOT NULL ORDER BY id;

-- name: GetClient :one
SELECT * FROM clients WHERE id = $1;
