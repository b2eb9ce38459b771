-- name: CreditPendingBalance :exec
INSERT INTO restaurant_balances (restaurant_id, pending_cents)
VALUES ($1, $2)
ON CONFLICT (restaurant_id) DO UPDATE
SET pending_cents = restaurant_balances.pending_cents + excluded.pending_cents,
    updated_at = now();

-- name: SettleRestaurantBalance :exec
UPDATE restaurant_balances
SET pending_cents = pending_cents - $2,
    paid_out_cents = paid_out_cents + $2,
    updated_at = now()
WHERE restaurant_id = $1;

-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, restaurant_id, payout_id, booking_id, kind, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: SumUnpaidEarnings :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint
FROM ledger_entries
WHERE restaurant_id = $1
  AND payout_id IS NULL
  AND kind IN ('deposit', 'deposit_refund', 'no_show_fee')
  AND created_at < $2;

-- name: SumSpendForPeriod :one
SELECT COALESCE(SUM(subtotal_cents), 0)::bigint
FROM booking_spend
WHERE restaurant_id = $1 AND closed_at >= $2 AND closed_at < $3;

-- name: SumOpenAdjustments :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint
FROM payout_adjustments
WHERE restaurant_id = $1 AND payout_id IS NULL;

-- name: InsertPayout :one
INSERT INTO payouts (id, restaurant_id, period_start, period_end, gross_cents, fee_cents,
                     adjustments_cents, net_cents, currency, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'computed')
RETURNING *;

-- name: AttachOpenAdjustments :exec
UPDATE payout_adjustments
SET payout_id = $2
WHERE restaurant_id = $1 AND payout_id IS NULL;

-- name: AttachUnpaidEarnings :exec
UPDATE ledger_entries
SET payout_id = $2
WHERE restaurant_id = $1
  AND payout_id IS NULL
  AND kind IN ('deposit', 'deposit_refund', 'no_show_fee')
  AND created_at < $3;

-- name: GetPayout :one
SELECT * FROM payouts WHERE id = $1;

-- name: MarkPayoutTransferred :exec
UPDATE payouts
SET status = 'transferred', stripe_transfer_id = $2, transferred_at = now()
WHERE id = $1 AND status = 'computed';

-- name: MarkPayoutPaid :one
UPDATE payouts
SET status = 'paid', paid_at = now()
WHERE id = $1 AND status = 'transferred'
RETURNING *;

-- name: MarkPayoutNotified :exec
UPDATE payouts
SET notified_at = now()
WHERE id = $1;

-- name: InsertPayoutAdjustment :one
INSERT INTO payout_adjustments (id, restaurant_id, amount_cents, reason, created_by)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;
