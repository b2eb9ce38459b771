-- name: CreatePurchase :one
INSERT INTO purchases (id, buyer_email, recipient_phone, recipient_email, amount_cents, currency, payment_intent_id, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: GetPurchase :one
SELECT * FROM purchases
WHERE id = $1;

-- name: GetPurchaseByPaymentIntent :one
SELECT * FROM purchases
WHERE payment_intent_id = $1;

-- name: MarkPurchasePaid :execrows
UPDATE purchases SET status = 'paid'
WHERE id = $1 AND status = 'pending';

-- name: MarkPurchaseFulfilled :execrows
UPDATE purchases SET status = 'fulfilled'
WHERE id = $1 AND status = 'paid';

-- name: CancelPurchase :execrows
UPDATE purchases SET status = 'canceled'
WHERE id = $1 AND status = 'pending';

-- name: FailPurchase :execrows
UPDATE purchases SET status = 'failed'
WHERE payment_intent_id = $1 AND status = 'pending';

-- name: SetPurchaseStatus :exec
UPDATE purchases SET status = $2
WHERE id = $1;

-- name: InsertPurchaseRefund :execrows
INSERT INTO purchase_refunds (id, purchase_id, amount_cents, reason)
VALUES ($1, $2, $3, $4)
ON CONFLICT (purchase_id) DO NOTHING;

-- name: GetPurchaseRefund :one
SELECT * FROM purchase_refunds
WHERE purchase_id = $1;

-- name: CompletePurchaseRefund :exec
UPDATE purchase_refunds
SET status = 'succeeded', stripe_refund_id = $2
WHERE id = $1;
