-- name: GetDiner :one
SELECT id, full_name, phone, email, stripe_customer_id, default_payment_method, no_show_strikes, blocked_at, created_at
FROM diners
WHERE id = $1;

-- name: IncrementNoShowStrikes :one
UPDATE diners
SET no_show_strikes = no_show_strikes + 1
WHERE id = $1
RETURNING no_show_strikes;

-- name: BlockDiner :exec
UPDATE diners
SET blocked_at = now()
WHERE id = $1 AND blocked_at IS NULL;
