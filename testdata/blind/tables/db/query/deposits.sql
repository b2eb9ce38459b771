-- name: UpsertPendingDeposit :one
INSERT INTO deposits (id, booking_id, amount_cents, currency, status)
VALUES ($1, $2, $3, $4, 'pending')
ON CONFLICT (booking_id) DO UPDATE SET updated_at = now()
RETURNING *;

-- name: GetDepositByBooking :one
SELECT * FROM deposits WHERE booking_id = $1;

-- name: SetDepositPaymentIntent :exec
UPDATE deposits
SET stripe_payment_intent_id = $2, status = $3, updated_at = now()
WHERE id = $1;

-- name: MarkDepositSucceeded :one
UPDATE deposits
SET status = 'succeeded', updated_at = now()
WHERE stripe_payment_intent_id = $1
RETURNING *;

-- name: MarkDepositFailed :exec
UPDATE deposits
SET status = 'failed', updated_at = now()
WHERE stripe_payment_intent_id = $1 AND status <> 'succeeded';

-- name: MarkDepositRefunded :exec
UPDATE deposits
SET status = 'refunded', updated_at = now()
WHERE stripe_payment_intent_id = $1;

-- name: InsertPaymentAttempt :exec
INSERT INTO payment_attempts (id, deposit_id, outcome, error_detail)
VALUES ($1, $2, $3, $4);

-- name: GetDepositByPaymentIntent :one
SELECT * FROM deposits WHERE stripe_payment_intent_id = $1;
