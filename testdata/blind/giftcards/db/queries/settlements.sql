-- name: CreateSettlement :one
INSERT INTO settlements (id, merchant_id, period_start, period_end, currency)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GetSettlement :one
SELECT * FROM settlements
WHERE id = $1;

-- name: UpdateSettlementTotals :exec
UPDATE settlements
SET gross_cents = $2, redemption_count = $3, status = $4
WHERE id = $1;

-- name: SetSettlementStatus :exec
UPDATE settlements SET status = $2
WHERE id = $1;

-- name: InsertPayout :execrows
INSERT INTO payouts (id, settlement_id, merchant_id, amount_cents, currency)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (settlement_id) DO NOTHING;

-- name: GetPayoutBySettlement :one
SELECT * FROM payouts
WHERE settlement_id = $1;

-- name: MarkPayoutPaid :exec
UPDATE payouts
SET status = 'paid', stripe_transfer_id = $2, paid_at = now()
WHERE id = $1;
