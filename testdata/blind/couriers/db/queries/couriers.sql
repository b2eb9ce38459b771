-- name: UpsertCourier :one
INSERT INTO couriers (id, dispatch_courier_id, display_name, phone_e164, onboarded_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (dispatch_courier_id) DO UPDATE
SET display_name = EXCLUDED.display_name,
    phone_e164   = EXCLUDED.phone_e164,
    updated_at   = now()
RETURNING *;

-- name: GetCourier :one
SELECT * FROM couriers WHERE id = $1;

-- name: GetCourierByDispatchID :one
SELECT * FROM couriers WHERE dispatch_courier_id = $1;

-- name: SetCourierPayoutAccount :one
UPDATE couriers
SET stripe_account_id = $2,
    updated_at        = now()
WHERE id = $1
RETURNING *;

-- name: SetPayoutsEnabledByAccount :execrows
UPDATE couriers
SET payouts_enabled = $2,
    updated_at      = now()
WHERE stripe_account_id = $1
  AND payouts_enabled IS DISTINCT FROM $2;

-- name: MarkCourierOffboarded :execrows
UPDATE couriers
SET status        = 'offboarded',
    offboarded_at = $2,
    updated_at    = now()
WHERE id = $1
  AND status = 'active';

-- name: ListPayableCouriers :many
SELECT * FROM couriers
WHERE stripe_account_id IS NOT NULL
ORDER BY id;
