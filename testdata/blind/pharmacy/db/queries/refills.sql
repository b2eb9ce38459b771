-- name: ApproveRefillRequest :one
UPDATE refill_requests
SET status = 'approved', reviewed_by = $2, order_id = $3, reviewed_at = now()
WHERE id = $1 AND status = 'pending'
RETURNING id, prescription_id, patient_id, channel, status, note, order_id, reviewed_by, requested_at, reviewed_at;

-- name: CreateRefillRequest :exec
INSERT INTO refill_requests (id, prescription_id, patient_id, channel, note)
VALUES ($1, $2, $3, $4, $5);

-- name: GetRefillRequest :one
SELECT id, prescription_id, patient_id, channel, status, note, order_id, reviewed_by, requested_at, reviewed_at FROM refill_requests
WHERE id = $1;
