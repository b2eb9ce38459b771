-- name: UpsertSubmission :exec
INSERT INTO warehouse_submissions (order_id, warehouse_order_ref, status, submitted_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (order_id) DO UPDATE
SET warehouse_order_ref = EXCLUDED.warehouse_order_ref,
    status = EXCLUDED.status;

-- name: GetSubmission :one
SELECT * FROM warehouse_submissions WHERE order_id = $1;

-- name: InsertShipment :one
INSERT INTO shipments (id, order_id, warehouse_shipment_id, carrier, tracking_number, status, shipped_at, created_at)
VALUES ($1, $2, $3, $4, $5, 'in_transit', $6, $7)
ON CONFLICT (warehouse_shipment_id) DO NOTHING
RETURNING *;

-- name: GetShipmentByWarehouseID :one
SELECT * FROM shipments WHERE warehouse_shipment_id = $1;

-- name: InsertShipmentItem :exec
INSERT INTO shipment_items (shipment_id, order_item_id, quantity)
VALUES ($1, $2, $3)
ON CONFLICT (shipment_id, order_item_id) DO NOTHING;

-- name: MarkShipmentDelivered :execrows
UPDATE shipments SET status = 'delivered', delivered_at = $2
WHERE id = $1 AND status <> 'delivered';

-- name: SetShipmentStatus :exec
UPDATE shipments SET status = $2 WHERE id = $1;

-- name: InsertHold :exec
INSERT INTO fulfilment_holds (id, order_id, warehouse_hold_id, reason, placed_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertReship :execrows
INSERT INTO reships (id, shipment_id, warehouse_reship_id, exception_code, created_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (warehouse_reship_id) DO NOTHING;

-- name: HasReship :one
SELECT EXISTS (SELECT 1 FROM reships WHERE shipment_id = $1)::boolean;

-- name: InsertReturn :exec
INSERT INTO returns (id, order_id, order_item_id, warehouse_return_id, quantity, condition, refund_id, received_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);
