-- name: InsertLedgerEntry :execrows
INSERT INTO revenue_ledger (id, artist_id, order_item_id, entry_type, gross_cents, amount_cents, currency, source_ref, memo, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (entry_type, source_ref) DO NOTHING;

-- name: InsertAdjustment :exec
INSERT INTO ledger_adjustments (id, artist_id, amount_cents, currency, reason, created_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: SumLedgerByType :many
SELECT entry_type, COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM revenue_ledger
WHERE artist_id = @artist_id AND created_at >= @period_from AND created_at < @period_to
GROUP BY entry_type;

-- name: InsertPayout :exec
INSERT INTO payouts (id, artist_id, period_start, period_end, amount_cents, currency, status, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
ON CONFLICT (artist_id, period_start, period_end) DO NOTHING;

-- name: GetPayoutForPeriod :one
SELECT * FROM payouts WHERE artist_id = $1 AND period_start = $2 AND period_end = $3;

-- name: MarkPayoutPaid :exec
UPDATE payouts SET status = 'paid', stripe_transfer_id = $2, updated_at = now()
WHERE id = $1;

-- name: GetPayoutByTransfer :one
SELECT * FROM payouts WHERE stripe_transfer_id = $1;

-- name: InsertStatement :execrows
INSERT INTO artist_statements (id, artist_id, period_month, sales_cents, refunds_cents, adjustments_cents, payouts_cents, closing_cents, currency, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (artist_id, period_month) DO NOTHING;
