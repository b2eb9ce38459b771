-- name: CancelOrder :exec
UPDATE orders
SET status = 'cancelled', cancel_reason = $2, updated_at = now()
WHERE id = $1;

-- name: ExpireUnpaidOrders :many
UPDATE orders
SET status = 'expired', updated_at = now()
WHERE status = 'awaiting_payment' AND created_at < $1
RETURNING id, ndc, quantity;

-- name: GetOrder :one
SELECT id, prescription_id, patient_id, refill_request_id, fill_number, ndc, quantity, status, fulfilment, price_cents, copay_cents, currency, pickup_code, cancel_reason, created_at, updated_at FROM orders
WHERE id = $1;

-- name: GetOrderForUpdate :one
SELECT id, prescription_id, patient_id, refill_request_id, fill_number, ndc, quantity, status, fulfilment, price_cents, copay_cents, currency, pickup_code, cancel_reason, created_at, updated_at FROM orders
WHERE id = $1
FOR UPDATE;

-- name: InsertOrder :one
INSERT INTO orders (
    id, prescription_id, patient_id, refill_request_id, fill_number, ndc, quantity, fulfilment, price_cents
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9
)
ON CONFLICT (prescription_id, fill_number) DO NOTHING
RETURNING id, prescription_id, patient_id, refill_request_id, fill_number, ndc, quantity, status, fulfilment, price_cents, copay_cents, currency, pickup_code, cancel_reason, created_at, updated_at;

-- name: ListOpenOrdersForPrescription :many
SELECT id, prescription_id, patient_id, refill_request_id, fill_number, ndc, quantity, status, fulfilment, price_cents, copay_cents, currency, pickup_code, cancel_reason, created_at, updated_at FROM orders
WHERE prescription_id = $1
  AND status NOT IN ('cancelled', 'expired', 'delivered', 'picked_up', 'shipped')
ORDER BY fill_number;

-- name: MaxFillNumber :one
SELECT COALESCE(MAX(fill_number), 0)::int4 FROM orders
WHERE prescription_id = $1;

-- name: SetOrderPickupReady :exec
UPDATE orders
SET status = 'ready_for_pickup', pickup_code = $2, updated_at = now()
WHERE id = $1;

-- name: SetOrderPricing :exec
UPDATE orders
SET price_cents = $2, copay_cents = $3, status = $4, updated_at = now()
WHERE id = $1;

-- name: TransitionOrderStatus :one
UPDATE orders
SET status = $3, updated_at = now()
WHERE id = $1 AND status = $2
RETURNING id, prescription_id, patient_id, refill_request_id, fill_number, ndc, quantity, status, fulfilment, price_cents, copay_cents, currency, pickup_code, cancel_reason, created_at, updated_at;

-- name: UpdateOrderStatus :exec
UPDATE orders
SET status = $2, updated_at = now()
WHERE id = $1;
