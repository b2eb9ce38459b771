-- name: POSBatchExists :one
SELECT EXISTS (
    SELECT 1 FROM pos_batches WHERE terminal_id = $1 AND batch_seq = $2
);

-- name: InsertPOSBatch :exec
INSERT INTO pos_batches (terminal_id, batch_seq, item_count, total_cents)
VALUES ($1, $2, $3, $4)
ON CONFLICT (terminal_id, batch_seq) DO NOTHING;

-- name: InsertSale :execrows
INSERT INTO sales (terminal_id, local_seq, vendor_id, wristband_uid, wallet_id, amount_cents, sold_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (terminal_id, local_seq) DO NOTHING;

-- name: InsertSaleVoid :one
INSERT INTO sale_voids (terminal_id, local_seq, reason)
VALUES ($1, $2, $3)
ON CONFLICT (terminal_id, local_seq) DO NOTHING
RETURNING terminal_id;

-- name: VoidSale :one
UPDATE sales
SET voided = true
WHERE terminal_id = $1
  AND local_seq = $2
  AND NOT voided
RETURNING *;

-- name: SumUnsettledSales :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint
FROM sales
WHERE vendor_id = @vendor_id
  AND settlement_id IS NULL
  AND NOT voided
  AND sold_at < @cutoff;

-- name: AssignSalesToSettlement :execrows
UPDATE sales
SET settlement_id = @settlement_id
WHERE vendor_id = @vendor_id
  AND settlement_id IS NULL
  AND NOT voided
  AND sold_at < @cutoff;
