-- name: InsertDeskBooking :one
INSERT INTO desk_bookings (id, member_id, desk_id, booking_date)
VALUES ($1, $2, $3, $4)
RETURNING *;

-- name: GetRoom :one
SELECT * FROM rooms
WHERE id = $1;

-- name: CountOverlappingRoomBookings :one
SELECT count(*) FROM room_bookings
WHERE room_id = sqlc.arg(room_id)
  AND status = 'confirmed'
  AND starts_at < sqlc.arg(ends_at)
  AND ends_at > sqlc.arg(starts_at);

-- name: InsertRoomBooking :one
INSERT INTO room_bookings (id, member_id, room_id, starts_at, ends_at, attendees, catering)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING *;

-- name: GetRoomBooking :one
SELECT * FROM room_bookings
WHERE id = $1;

-- name: CancelRoomBooking :one
UPDATE room_bookings
SET status = 'cancelled'
WHERE id = $1 AND member_id = $2 AND status IN ('confirmed', 'cancelled')
RETURNING *;

-- name: ReleaseRoomBooking :execrows
UPDATE room_bookings
SET status = 'released'
WHERE id = $1 AND status = 'confirmed' AND checked_in = false;

-- name: InsertMemberFee :exec
INSERT INTO member_fees (id, member_id, booking_id, reason, amount_cents)
VALUES ($1, $2, $3, $4, $5);

-- name: CountDeskDays :one
SELECT count(*) FROM desk_bookings
WHERE member_id = sqlc.arg(member_id)
  AND status = 'confirmed'
  AND booking_date >= sqlc.arg(from_date)
  AND booking_date < sqlc.arg(to_date);

-- name: SumRoomMinutes :one
SELECT COALESCE(sum(EXTRACT(EPOCH FROM (ends_at - starts_at)) / 60), 0)::int AS minutes
FROM room_bookings
WHERE member_id = sqlc.arg(member_id)
  AND status = 'confirmed'
  AND starts_at >= sqlc.arg(from_ts)
  AND starts_at < sqlc.arg(to_ts);
