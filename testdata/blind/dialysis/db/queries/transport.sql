-- name: InsertScheduledRideRequest :execrows
INSERT INTO ride_requests (
    id, patient_id, clinic_id, schedule_id, session_date, leg, pickup_at, mobility,
    pickup_address, dropoff_address, created_by
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
)
ON CONFLICT (schedule_id, session_date, leg) WHERE schedule_id IS NOT NULL DO NOTHING;

-- name: ListRequestedRidesForSchedule :many
SELECT id, patient_id, clinic_id, schedule_id, request_id, session_date, leg, pickup_at, mobility, pickup_address, dropoff_address, status, partner_ride_id, partner_status, last_error, created_by, created_at, updated_at FROM ride_requests
WHERE schedule_id = $1
  AND session_date BETWEEN $2 AND $3
  AND status = 'requested'
ORDER BY session_date, leg;

-- name: InsertAdHocRideRequest :one
INSERT INTO ride_requests (
    id, patient_id, clinic_id, request_id, session_date, leg, pickup_at, mobility,
    pickup_address, dropoff_address, created_by
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
)
ON CONFLICT (patient_id, request_id) WHERE request_id IS NOT NULL DO NOTHING
RETURNING id, patient_id, clinic_id, schedule_id, request_id, session_date, leg, pickup_at, mobility, pickup_address, dropoff_address, status, partner_ride_id, partner_status, last_error, created_by, created_at, updated_at;

-- name: GetRideRequestByClientRequest :one
SELECT id, patient_id, clinic_id, schedule_id, request_id, session_date, leg, pickup_at, mobility, pickup_address, dropoff_address, status, partner_ride_id, partner_status, last_error, created_by, created_at, updated_at FROM ride_requests
WHERE patient_id = $1 AND request_id = $2;

-- name: GetRideRequest :one
SELECT id, patient_id, clinic_id, schedule_id, request_id, session_date, leg, pickup_at, mobility, pickup_address, dropoff_address, status, partner_ride_id, partner_status, last_error, created_by, created_at, updated_at FROM ride_requests
WHERE id = $1;

-- name: GetRideByPartnerID :one
SELECT id, patient_id, clinic_id, schedule_id, request_id, session_date, leg, pickup_at, mobility, pickup_address, dropoff_address, status, partner_ride_id, partner_status, last_error, created_by, created_at, updated_at FROM ride_requests
WHERE partner_ride_id = $1;

-- name: MarkRideBooked :exec
UPDATE ride_requests
SET status = 'booked',
    partner_ride_id = $2,
    partner_status = $3,
    last_error = NULL,
    updated_at = now()
WHERE id = $1 AND status = 'requested';

-- name: MarkRideError :exec
UPDATE ride_requests
SET last_error = $2, updated_at = now()
WHERE id = $1;

-- name: RequestCancelForSession :many
UPDATE ride_requests
SET status = 'cancel_requested', updated_at = now()
WHERE patient_id = $1
  AND session_date = $2
  AND status IN ('requested', 'booked')
RETURNING id;

-- name: ListCancelRequestedForSession :many
SELECT id FROM ride_requests
WHERE patient_id = $1
  AND session_date = $2
  AND status = 'cancel_requested';

-- name: MarkRideCancelled :exec
UPDATE ride_requests
SET status = 'cancelled', partner_status = COALESCE($2, partner_status), updated_at = now()
WHERE id = $1 AND status IN ('requested', 'cancel_requested');

-- name: InsertRideEvent :execrows
INSERT INTO ride_events (partner_event_id, ride_request_id, status, occurred_at, payload)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (partner_event_id) DO NOTHING;

-- name: ApplyPartnerRideStatus :exec
UPDATE ride_requests
SET partner_status = $2,
    status = $3,
    updated_at = now()
WHERE id = $1
  AND status NOT IN ('cancelled', 'completed');
