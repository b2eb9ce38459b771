-- name: CreatePayout :one
INSERT INTO payouts (id, vendor_id, settlement_id, kind, amount_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT DO NOTHING
RETURNING *;

-- name: GetPayout :one
SELECT * FROM payouts WHERE id = $1;

-- name: GetPayoutBySettlement :one
SELECT * FROM payouts WHERE settlement_id = $1;

-- name: SumOpenEarlyPayouts :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint
FROM payouts
WHERE vendor_id = $1
  AND kind = 'early'
  AND status IN ('pending', 'submitted', 'paid')
  AND settlement_id IS NULL;

-- name: MarkPayoutSubmitted :exec
UPDATE payouts
SET status = 'submitted', psp_reference = $2, updated_at = now()
WHERE id = $1;

-- name: UpdatePayoutStatus :exec
UPDATE payouts
SET status = $2, updated_at = now()
WHERE id = $1;

-- name: InsertPayoutEvent :exec
INSERT INTO payout_events (event_id, payout_id, status)
VALUES ($1, $2, $3);
