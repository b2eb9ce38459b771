-- name: CreateRefundIntent :one
INSERT INTO refunds (id, booking_id, deposit_id, amount_cents, reason, status)
VALUES ($1, $2, $3, $4, $5, 'pending')
ON CONFLICT (booking_id) DO UPDATE SET updated_at = refunds.updated_at
RETURNING *;

-- name: GetRefundByBooking :one
SELECT * FROM refunds WHERE booking_id = $1;

-- name: MarkRefundSubmitted :exec
UPDATE refunds
SET status = 'submitted', stripe_refund_id = $2, updated_at = now()
WHERE id = $1;
