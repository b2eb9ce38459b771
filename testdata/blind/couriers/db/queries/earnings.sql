-- name: InsertDeliveryEarning :execrows
INSERT INTO delivery_earnings (
    id, delivery_id, courier_id, completed_at, distance_m,
    base_cents, distance_cents, surge_cents
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (delivery_id) DO NOTHING;

-- name: GetDeliveryEarning :one
SELECT * FROM delivery_earnings WHERE delivery_id = $1;

-- name: InsertTip :exec
INSERT INTO tips (id, delivery_id, courier_id, amount_cents, source, tipped_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertEarningAdjustment :one
INSERT INTO earning_adjustments (
    id, adjustment_ref, delivery_id, courier_id, reason, amount_cents, effective_at
) VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING *;

-- name: InsertBonusEarning :one
INSERT INTO bonus_earnings (
    id, courier_id, campaign, delivery_id, amount_cents, note, created_by, earned_at
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: InsertTipPoolShare :execrows
INSERT INTO tip_pool_shares (id, pool_id, courier_id, amount_cents, closed_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (pool_id, courier_id) DO NOTHING;

-- name: ListCourierEarnings :many
SELECT * FROM delivery_earnings
WHERE courier_id = sqlc.arg(courier_id)
  AND (completed_at, id) < (sqlc.arg(before_at)::timestamptz, sqlc.arg(before_id)::uuid)
ORDER BY completed_at DESC, id DESC
LIMIT sqlc.arg(page_size);

-- name: SumUnpaidForCourier :one
SELECT
    (SELECT COALESCE(SUM(d.base_cents + d.distance_cents + d.surge_cents), 0)
       FROM delivery_earnings d
      WHERE d.courier_id = sqlc.arg(courier_id) AND d.payout_id IS NULL
        AND d.completed_at < sqlc.arg(cutoff)::timestamptz)::bigint AS delivery_cents,
    (SELECT COALESCE(SUM(a.amount_cents), 0)
       FROM earning_adjustments a
      WHERE a.courier_id = sqlc.arg(courier_id) AND a.payout_id IS NULL
        AND a.effective_at < sqlc.arg(cutoff)::timestamptz)::bigint AS adjustment_cents,
    (SELECT COALESCE(SUM(b.amount_cents), 0)
       FROM bonus_earnings b
      WHERE b.courier_id = sqlc.arg(courier_id) AND b.payout_id IS NULL
        AND b.earned_at < sqlc.arg(cutoff)::timestamptz)::bigint AS bonus_cents,
    (SELECT COALESCE(SUM(t.amount_cents), 0)
       FROM tips t
      WHERE t.courier_id = sqlc.arg(courier_id) AND t.payout_id IS NULL
        AND t.tipped_at < sqlc.arg(cutoff)::timestamptz)::bigint AS tip_cents,
    (SELECT COALESCE(SUM(p.amount_cents), 0)
       FROM tip_pool_shares p
      WHERE p.courier_id = sqlc.arg(courier_id) AND p.payout_id IS NULL
        AND p.closed_at < sqlc.arg(cutoff)::timestamptz)::bigint AS pool_cents;

-- name: AttachUnpaidDeliveries :execrows
UPDATE delivery_earnings SET payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND payout_id IS NULL
  AND completed_at < sqlc.arg(cutoff)::timestamptz;

-- name: AttachUnpaidAdjustments :execrows
UPDATE earning_adjustments SET payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND payout_id IS NULL
  AND effective_at < sqlc.arg(cutoff)::timestamptz;

-- name: AttachUnpaidBonuses :execrows
UPDATE bonus_earnings SET payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND payout_id IS NULL
  AND earned_at < sqlc.arg(cutoff)::timestamptz;

-- name: AttachUnpaidTips :execrows
UPDATE tips SET payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND payout_id IS NULL
  AND tipped_at < sqlc.arg(cutoff)::timestamptz;

-- name: AttachUnpaidPoolShares :execrows
UPDATE tip_pool_shares SET payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND payout_id IS NULL
  AND closed_at < sqlc.arg(cutoff)::timestamptz;
