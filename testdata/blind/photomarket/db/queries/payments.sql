-- name: EnsureBookingPayment :exec
INSERT INTO payments (id, booking_id, kind, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (booking_id, kind) WHERE booking_id IS NOT NULL DO NOTHING;

-- name: GetBookingPayment :one
SELECT * FROM payments
WHERE booking_id = $1 AND kind = $2;

-- name: EnsurePrintOrderPayment :exec
INSERT INTO payments (id, print_order_id, kind, amount_cents, currency)
VALUES ($1, $2, 'print', $3, $4)
ON CONFLICT (print_order_id) WHERE print_order_id IS NOT NULL DO NOTHING;

-- name: GetPrintOrderPayment :one
SELECT * FROM payments WHERE print_order_id = $1;

-- name: SetPaymentIntent :exec
UPDATE payments
SET provider_intent_id = $2, client_secret = $3, status = $4, updated_at = now()
WHERE id = $1;

-- name: MarkPaymentSucceeded :one
UPDATE payments
SET status = 'succeeded', updated_at = now()
WHERE provider_intent_id = $1 AND status <> 'succeeded'
RETURNING *;

-- name: MarkPaymentFailed :exec
UPDATE payments
SET status = 'failed', failure_code = $2, updated_at = now()
WHERE provider_intent_id = $1 AND status <> 'succeeded';

-- name: InsertRefund :execrows
INSERT INTO refunds (id, payment_id, amount_cents, provider_refund_id, status, reason)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (payment_id) DO NOTHING;

-- name: MarkRefundSucceeded :exec
UPDATE refunds SET status = 'succeeded'
WHERE provider_refund_id = $1;

-- name: InsertStripeEvent :execrows
INSERT INTO stripe_events (event_id, event_type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertConnectEvent :exec
INSERT INTO connect_events (event_id, account_id, event_type, payload)
VALUES ($1, $2, $3, $4);
