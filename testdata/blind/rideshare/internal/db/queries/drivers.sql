-- name: FreezeDriverPayouts :execrows
UPDATE drivers
SET status = 'deactivated', payout_frozen = TRUE, updated_at = now()
WHERE id = $1 AND (status <> 'deactivated' OR payout_frozen = FALSE);

-- name: GetDriver :one
SELECT id, display_name, push_token, status, payout_frozen, payee_id, created_at, updated_at FROM drivers
WHERE id = $1;

-- name: GetRiderPaymentMethod :one
SELECT rider_id, shopper_reference, stored_method_id, brand, last4, updated_at FROM rider_payment_methods
WHERE rider_id = $1;

-- name: UpsertBankAccount :execrows
INSERT INTO bank_accounts (driver_id, account_token, last4, country, version, updated_at)
VALUES ($1, $2, $3, $4, $5, now())
ON CONFLICT (driver_id) DO UPDATE
SET account_token = EXCLUDED.account_token,
    last4 = EXCLUDED.last4,
    country = EXCLUDED.country,
    version = EXCLUDED.version,
    updated_at = now()
WHERE bank_accounts.version < EXCLUDED.version;

-- name: UpsertDriverPayee :exec
UPDATE drivers SET payee_id = $2, updated_at = now()
WHERE id = $1 AND payee_id IS DISTINCT FROM $2;

-- name: UpsertRiderPaymentMethod :exec
INSERT INTO rider_payment_methods (rider_id, shopper_reference, stored_method_id, brand, last4, updated_at)
VALUES ($1, $2, $3, $4, $5, now())
ON CONFLICT (rider_id) DO UPDATE
SET shopper_reference = EXCLUDED.shopper_reference,
    stored_method_id = EXCLUDED.stored_method_id,
    brand = EXCLUDED.brand,
    last4 = EXCLUDED.last4,
    updated_at = now();
