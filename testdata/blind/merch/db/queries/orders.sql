-- name: InsertOrder :one
INSERT INTO orders (
    id, idempotency_key, request_hash, tour_id, fan_email, fan_name, currency,
    total_cents, status, ship_name, ship_line1, ship_line2, ship_city,
    ship_region, ship_postcode, ship_country, created_at, updated_at
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17
)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING *;

-- name: GetOrderByIdempotencyKey :one
SELECT * FROM orders WHERE idempotency_key = $1;

-- name: GetOrder :one
SELECT * FROM orders WHERE id = $1;

-- name: GetOrderForUpdate :one
SELECT * FROM orders WHERE id = $1 FOR UPDATE;

-- name: GetOrderByPaymentIntent :one
SELECT * FROM orders WHERE payment_intent_id = $1;

-- name: InsertOrderItem :exec
INSERT INTO order_items (id, order_id, product_id, artist_id, sku, quantity, unit_price_cents, status, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9);

-- name: ListOrderItems :many
SELECT * FROM order_items WHERE order_id = $1 ORDER BY sku;

-- name: GetOrderItem :one
SELECT * FROM order_items WHERE id = $1;

-- name: GetOrderItemBySKU :one
SELECT * FROM order_items WHERE order_id = $1 AND sku = $2;

-- name: SetPaymentIntent :exec
UPDATE orders SET payment_intent_id = $2, updated_at = now()
WHERE id = $1;

-- name: MarkAuthorized :execrows
UPDATE orders
SET status = 'authorized', authorized_at = $2, auth_expires_at = $3, updated_at = now()
WHERE id = $1 AND status = 'pending_authorization';

-- name: TransitionOrderStatus :execrows
UPDATE orders SET status = @to_status, updated_at = now()
WHERE id = @id AND status = ANY(@from_statuses::text[]);

-- name: SetOrderStatus :exec
UPDATE orders SET status = $2, updated_at = now() WHERE id = $1;

-- name: UpdateShippingAddress :exec
UPDATE orders
SET ship_name = $2, ship_line1 = $3, ship_line2 = $4, ship_city = $5,
    ship_region = $6, ship_postcode = $7, ship_country = $8, updated_at = now()
WHERE id = $1;

-- name: RecordCapture :exec
UPDATE orders
SET captured_cents = $2, captured_at = $3, updated_at = now()
WHERE id = $1 AND captured_cents = 0;

-- name: ReplaceAuthorization :exec
UPDATE orders
SET payment_intent_id = $2, authorized_at = $3, auth_expires_at = $4, updated_at = now()
WHERE id = $1;

-- name: SetItemStatus :execrows
UPDATE order_items SET status = @to_status, updated_at = now()
WHERE id = @id AND status = @from_status;

-- name: ReduceOrderTotal :exec
UPDATE orders SET total_cents = total_cents - @amount::bigint, updated_at = now()
WHERE id = @id;

-- name: ListActiveItemsBySKU :many
SELECT oi.* FROM order_items oi
JOIN orders o ON o.id = oi.order_id
WHERE oi.sku = $1
  AND oi.status = 'active'
  AND o.status IN ('authorized', 'submitted', 'shipped')
ORDER BY oi.created_at;

-- name: ListOpenOrderIDsBySKU :many
SELECT DISTINCT oi.order_id FROM order_items oi
JOIN orders o ON o.id = oi.order_id
WHERE oi.sku = $1
  AND oi.status = 'active'
  AND o.status IN ('authorized', 'submitted');

-- name: SetExpectedShipDate :exec
UPDATE orders SET expected_ship_date = $2, updated_at = now() WHERE id = $1;

-- name: ListStalePending :many
SELECT * FROM orders
WHERE status = 'pending_authorization' AND created_at < $1
ORDER BY created_at
LIMIT $2;

-- name: ListExpiringAuthorizations :many
SELECT * FROM orders
WHERE status IN ('authorized', 'submitted')
  AND captured_cents = 0
  AND auth_expires_at < $1
ORDER BY auth_expires_at
LIMIT $2;
