-- name: InsertSupplyOrder :one
INSERT INTO supply_orders (id, clinic_id, request_id, po_number, origin, created_by)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (clinic_id, request_id) DO NOTHING
RETURNING id, clinic_id, request_id, po_number, origin, status, distributor_order_id, submitted_at, last_error, created_by, created_at, updated_at;

-- name: GetSupplyOrder :one
SELECT id, clinic_id, request_id, po_number, origin, status, distributor_order_id, submitted_at, last_error, created_by, created_at, updated_at FROM supply_orders
WHERE id = $1;

-- name: GetSupplyOrderByRequest :one
SELECT id, clinic_id, request_id, po_number, origin, status, distributor_order_id, submitted_at, last_error, created_by, created_at, updated_at FROM supply_orders
WHERE clinic_id = $1 AND request_id = $2;

-- name: GetSupplyOrderByPO :one
SELECT id, clinic_id, request_id, po_number, origin, status, distributor_order_id, submitted_at, last_error, created_by, created_at, updated_at FROM supply_orders
WHERE po_number = $1;

-- name: InsertSupplyOrderLine :exec
INSERT INTO supply_order_lines (order_id, sku, quantity)
VALUES ($1, $2, $3)
ON CONFLICT (order_id, sku) DO NOTHING;

-- name: ListSupplyOrderLines :many
SELECT l.order_id, l.sku, l.quantity, i.description, i.unit
FROM supply_order_lines l
JOIN supply_items i ON i.sku = l.sku
WHERE l.order_id = $1
ORDER BY l.sku;

-- name: AddOnOrder :exec
INSERT INTO clinic_inventory (clinic_id, sku, on_hand, on_order)
VALUES ($1, $2, 0, $3)
ON CONFLICT (clinic_id, sku) DO UPDATE
SET on_order = clinic_inventory.on_order + EXCLUDED.on_order, updated_at = now();

-- name: ListBelowPar :many
SELECT i.sku, i.par_level, i.reorder_qty, COALESCE(ci.on_hand, 0)::int AS on_hand, COALESCE(ci.on_order, 0)::int AS on_order
FROM supply_items i
LEFT JOIN clinic_inventory ci ON ci.sku = i.sku AND ci.clinic_id = $1
WHERE COALESCE(ci.on_hand, 0) + COALESCE(ci.on_order, 0) < i.par_level
ORDER BY i.sku;

-- name: MarkSupplyOrderSubmitted :exec
UPDATE supply_orders
SET status = 'submitted',
    distributor_order_id = $2,
    submitted_at = $3,
    last_error = NULL,
    updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: AssignPONumberAndSubmit :exec
UPDATE supply_orders
SET po_number = $2,
    status = 'submitted',
    distributor_order_id = $3,
    submitted_at = $4,
    last_error = NULL,
    updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: MarkSupplyOrderFailed :exec
UPDATE supply_orders
SET last_error = $2, updated_at = now()
WHERE id = $1;

-- name: SetSupplyOrderStatus :execrows
UPDATE supply_orders
SET status = $2, updated_at = now()
WHERE id = $1 AND status <> $2;

-- name: ReceiveOrderIntoInventory :exec
UPDATE clinic_inventory ci
SET on_hand = ci.on_hand + l.quantity,
    on_order = GREATEST(ci.on_order - l.quantity, 0),
    updated_at = now()
FROM supply_order_lines l
WHERE l.order_id = $1
  AND ci.clinic_id = $2
  AND ci.sku = l.sku;

-- name: InsertShipment :exec
INSERT INTO shipments (id, order_id, carrier, tracking_number, shipped_at, delivered_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertSupplyReturn :one
INSERT INTO supply_returns (id, order_id, rma_number, reason, sku, quantity, created_by)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING id, order_id, rma_number, reason, sku, quantity, created_by, created_at;

-- name: InsertInboundWebhook :execrows
INSERT INTO inbound_webhooks (source, delivery_id, received_at)
VALUES ($1, $2, $3)
ON CONFLICT (source, delivery_id) DO NOTHING;

-- name: InboundWebhookExists :one
SELECT EXISTS (
    SELECT 1 FROM inbound_webhooks WHERE source = $1 AND delivery_id = $2
);
