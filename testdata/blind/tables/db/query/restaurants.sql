-- name: GetRestaurant :one
SELECT id, name, timezone, manager_phone, contact_email, country, currency, webhook_url, webhook_secret,
       stripe_account_id, pos_location_id, deposit_cents, no_show_fee_cents, cancel_window_minutes,
       platform_fee_bps, created_at
FROM restaurants
WHERE id = $1;

-- name: SetRestaurantStripeAccount :exec
UPDATE restaurants
SET stripe_account_id = $2
WHERE id = $1;

-- name: ListPayoutEligibleRestaurants :many
SELECT id
FROM restaurants
WHERE stripe_account_id IS NOT NULL
ORDER BY id;
