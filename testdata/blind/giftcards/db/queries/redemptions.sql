-- name: CreateRedemption :one
INSERT INTO redemptions (id, card_id, merchant_id, terminal_id, pos_txn_id, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetRedemption :one
SELECT * FROM redemptions
WHERE id = $1;

-- name: GetRedemptionByPosTxn :one
SELECT * FROM redemptions
WHERE merchant_id = $1 AND pos_txn_id = $2 AND status = 'completed'
ORDER BY created_at DESC
LIMIT 1;

-- name: MarkRedemptionRefunded :execrows
UPDATE redemptions
SET status = 'refunded', refunded_at = now()
WHERE id = $1 AND status = 'completed';

-- name: MarkRedemptionReversed :execrows
UPDATE redemptions
SET status = 'reversed'
WHERE id = $1 AND status = 'completed';

-- name: InsertReversal :execrows
INSERT INTO redemption_reversals (id, redemption_id, merchant_id, pos_txn_id, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (merchant_id, pos_txn_id) DO NOTHING;

-- name: GetReversalByPosTxn :one
SELECT * FROM redemption_reversals
WHERE merchant_id = $1 AND pos_txn_id = $2;

-- name: ListMerchantsWithUnsettled :many
SELECT DISTINCT merchant_id FROM redemptions
WHERE settlement_id IS NULL AND status = 'completed' AND created_at < $1
ORDER BY merchant_id;

-- name: AssignRedemptionsToSettlement :one
WITH assigned AS (
    UPDATE redemptions
    SET settlement_id = $1
    WHERE merchant_id = $2
      AND settlement_id IS NULL
      AND status = 'completed'
      AND created_at >= $3
      AND created_at < $4
    RETURNING amount_cents
)
SELECT COALESCE(SUM(amount_cents), 0)::bigint AS gross_cents, COUNT(*)::int AS redemption_count
FROM assigned;
