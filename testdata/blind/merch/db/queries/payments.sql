-- name: InsertPaymentOperation :exec
INSERT INTO payment_operations (id, order_id, kind, operation_key, amount_cents, status, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6)
ON CONFLICT (operation_key) DO NOTHING;

-- name: GetPaymentOperationByKey :one
SELECT * FROM payment_operations WHERE operation_key = $1;

-- name: CompletePaymentOperation :exec
UPDATE payment_operations
SET status = 'succeeded', stripe_object_id = $2, failure_code = NULL, updated_at = now()
WHERE id = $1;

-- name: FailPaymentOperation :exec
UPDATE payment_operations
SET status = 'failed', failure_code = $2, updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: FindCaptureByPaymentIntent :one
SELECT * FROM payment_operations
WHERE kind = 'capture' AND stripe_object_id = $1 AND status = 'succeeded';

-- name: InsertRefund :exec
INSERT INTO refunds (id, order_id, order_item_id, operation_key, reason, amount_cents, status, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
ON CONFLICT (operation_key) DO NOTHING;

-- name: GetRefundByKey :one
SELECT * FROM refunds WHERE operation_key = $1;

-- name: CompleteRefund :exec
UPDATE refunds SET status = 'succeeded', stripe_refund_id = $2, updated_at = now()
WHERE id = $1;

-- name: FailRefund :exec
UPDATE refunds SET status = 'failed', updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: MarkRefundSucceededByStripeID :execrows
UPDATE refunds SET status = 'succeeded', updated_at = now()
WHERE stripe_refund_id = $1 AND status <> 'succeeded';

-- name: GetRefundByStripeID :one
SELECT * FROM refunds WHERE stripe_refund_id = $1;

-- name: InsertDispute :execrows
INSERT INTO disputes (id, order_id, stripe_dispute_id, reason, amount_cents, status, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (stripe_dispute_id) DO NOTHING;
