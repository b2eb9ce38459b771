-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys
SET response_status = $3, response_body = $4, completed_at = now()
WHERE scope = $1 AND key = $2;

-- name: CreatePayment :one
INSERT INTO payments (id, order_id, idempotency_key, source, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING id, order_id, idempotency_key, source, amount_cents, currency, status, stripe_payment_intent_id, failure_code, created_at, updated_at;

-- name: CreateRefund :exec
INSERT INTO refunds (id, payment_id, order_id, amount_cents, reason, stripe_refund_id, status)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: GetIdempotencyKey :one
SELECT scope, key, request_hash, resource_id, response_status, response_body, created_at, completed_at FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: GetPayment :one
SELECT id, order_id, idempotency_key, source, amount_cents, currency, status, stripe_payment_intent_id, failure_code, created_at, updated_at FROM payments
WHERE id = $1;

-- name: GetPaymentByIdempotencyKey :one
SELECT id, order_id, idempotency_key, source, amount_cents, currency, status, stripe_payment_intent_id, failure_code, created_at, updated_at FROM payments
WHERE order_id = $1 AND idempotency_key = $2;

-- name: GetSucceededPaymentForOrder :one
SELECT id, order_id, idempotency_key, source, amount_cents, currency, status, stripe_payment_intent_id, failure_code, created_at, updated_at FROM payments
WHERE order_id = $1 AND status = 'succeeded'
ORDER BY created_at DESC
LIMIT 1;

-- name: InsertWebhookEvent :execrows
INSERT INTO webhook_events (provider, event_id, event_type)
VALUES ($1, $2, $3)
ON CONFLICT (provider, event_id) DO NOTHING;

-- name: MarkPaymentByIntent :one
UPDATE payments
SET status = $2, failure_code = $3, updated_at = now()
WHERE stripe_payment_intent_id = $1
RETURNING id, order_id, idempotency_key, source, amount_cents, currency, status, stripe_payment_intent_id, failure_code, created_at, updated_at;

-- name: SumRefundsForPayment :one
SELECT COALESCE(SUM(amount_cents), 0)::int8 FROM refunds
WHERE payment_id = $1 AND status <> 'failed';

-- name: UpdatePaymentIntent :exec
UPDATE payments
SET stripe_payment_intent_id = $2, status = $3, failure_code = $4, updated_at = now()
WHERE id = $1;

-- name: UpdateRefundStatus :exec
UPDATE refunds
SET status = $2
WHERE stripe_refund_id = $1;

-- name: WebhookEventExists :one
SELECT EXISTS (
    SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2
);
