-- name: CreateCorporateOrder :one
INSERT INTO corporate_orders (id, customer_ref, contact_email, stripe_customer_id, quantity, denomination_cents, currency, payment_terms, recipients, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
RETURNING *;

-- name: GetCorporateOrder :one
SELECT * FROM corporate_orders
WHERE id = $1;

-- name: MarkOrderPaid :execrows
UPDATE corporate_orders
SET status = 'paid', payment_intent_id = $2, paid_at = now()
WHERE id = $1 AND status = 'pending_payment';

-- name: SetOrderStatus :exec
UPDATE corporate_orders SET status = $2
WHERE id = $1;
