-- name: GetTrip :one
SELECT * FROM trips WHERE id = $1;

-- name: ReserveSeats :execrows
UPDATE trips
SET seats_available = seats_available - @seats::int
WHERE id = @id
  AND status = 'scheduled'
  AND seats_available >= @seats::int;

-- name: ReleaseSeats :execrows
UPDATE trips
SET seats_available = LEAST(capacity, seats_available + @seats::int)
WHERE id = @id;

-- name: CancelTrip :execrows
UPDATE trips
SET status = 'cancelled', cancel_reason = @reason, cancelled_at = now()
WHERE id = @id AND status = 'scheduled';

-- name: FindAlternativeTrip :one
SELECT * FROM trips
WHERE route_id = @route_id
  AND id <> @exclude_trip_id
  AND status = 'scheduled'
  AND departs_at > @not_before
  AND departs_at < @not_after
  AND seats_available > 0
ORDER BY departs_at
LIMIT 1;

-- name: UpsertSeatHold :one
INSERT INTO seat_holds (id, trip_id, customer_id, seats, idempotency_key, status, expires_at)
VALUES (@id, @trip_id, @customer_id, @seats, @idempotency_key, 'held', @expires_at)
ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
RETURNING id, trip_id, customer_id, seats, idempotency_key, status, expires_at, created_at,
          (xmax = 0)::boolean AS inserted;

-- name: GetSeatHold :one
SELECT * FROM seat_holds WHERE id = $1;

-- name: MarkHoldPurchased :execrows
UPDATE seat_holds
SET status = 'purchased'
WHERE id = @id AND status = 'held' AND expires_at > now();

-- name: ExpireHolds :many
UPDATE seat_holds
SET status = 'expired'
WHERE status = 'held' AND expires_at < @cutoff
RETURNING id, trip_id, seats;
