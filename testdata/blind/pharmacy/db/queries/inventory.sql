-- name: AdjustOnHand :execrows
UPDATE inventory_items
SET on_hand = on_hand + $2, updated_at = now()
WHERE ndc = $1;

-- name: CompleteReconciliationRun :exec
UPDATE reconciliation_runs
SET status = 'completed', lines_posted = $2, completed_at = now()
WHERE id = $1;

-- name: CreateReconciliationRun :exec
INSERT INTO reconciliation_runs (id) VALUES ($1)
ON CONFLICT (id) DO NOTHING;

-- name: GetInventoryItem :one
SELECT ndc, drug_name, on_hand, reserved, unit_cents, updated_at FROM inventory_items
WHERE ndc = $1;

-- name: InsertInventoryAdjustment :exec
INSERT INTO inventory_adjustments (id, ndc, delta, reason, reference, created_by)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: ListUnpostedReceipts :many
SELECT id, asn_number, line_number, ndc, quantity, received_at, posted_at, posted_run FROM wholesaler_receipts
WHERE posted_at IS NULL
ORDER BY received_at, asn_number, line_number
LIMIT $1;

-- name: MarkReceiptsPosted :exec
UPDATE wholesaler_receipts
SET posted_at = now(), posted_run = $2
WHERE id = ANY($1::uuid[]);

-- name: RecomputeReserved :exec
UPDATE inventory_items i
SET reserved = COALESCE(r.qty, 0), updated_at = now()
FROM (
    SELECT ii.ndc, SUM(o.quantity)::int4 AS qty
    FROM inventory_items ii
    LEFT JOIN orders o ON o.ndc = ii.ndc AND o.status IN ('packing', 'ready_for_pickup', 'awaiting_courier')
    GROUP BY ii.ndc
) r
WHERE r.ndc = i.ndc;

-- name: ReleaseStock :exec
UPDATE inventory_items
SET reserved = GREATEST(reserved - $2, 0), updated_at = now()
WHERE ndc = $1;

-- name: ReserveStock :execrows
UPDATE inventory_items
SET reserved = reserved + $2, updated_at = now()
WHERE ndc = $1 AND on_hand - reserved >= $2;
