-- name: GetVendor :one
SELECT * FROM vendors WHERE id = $1;

-- name: ListVendors :many
SELECT * FROM vendors ORDER BY name;

-- name: GetTerminal :one
SELECT * FROM terminals WHERE id = $1;

-- name: TouchTerminal :exec
UPDATE terminals
SET last_seq = GREATEST(last_seq, @seq::bigint), last_seen = now()
WHERE id = @id;

-- name: InsertVendorFee :exec
INSERT INTO vendor_fees (id, vendor_id, amount_cents, period_start)
VALUES ($1, $2, $3, $4);

-- name: SumUnsettledFees :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint
FROM vendor_fees
WHERE vendor_id = $1
  AND settlement_id IS NULL;

-- name: AssignFeesToSettlement :execrows
UPDATE vendor_fees
SET settlement_id = @settlement_id
WHERE vendor_id = @vendor_id
  AND settlement_id IS NULL;

-- name: CreateSettlement :one
INSERT INTO settlements (id, vendor_id, period_start, period_end, gross_cents, fee_cents, net_cents, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, 'closed')
ON CONFLICT (vendor_id, period_start) DO NOTHING
RETURNING *;

-- name: GetSettlementByPeriod :one
SELECT * FROM settlements WHERE vendor_id = $1 AND period_start = $2;

-- name: MarkSettlementPaid :exec
UPDATE settlements SET status = 'paid' WHERE id = $1;
