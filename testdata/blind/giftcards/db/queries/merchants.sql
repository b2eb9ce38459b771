-- name: CreateMerchant :one
INSERT INTO merchants (id, external_ref, name, stripe_account_id, webhook_url, webhook_secret)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (external_ref) DO NOTHING
RETURNING *;

-- name: GetMerchant :one
SELECT * FROM merchants
WHERE id = $1;

-- name: GetMerchantByExternalRef :one
SELECT * FROM merchants
WHERE external_ref = $1;

-- name: CreateTerminal :one
INSERT INTO terminals (id, merchant_id, serial_number, label, api_key_hash)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GetTerminal :one
SELECT * FROM terminals
WHERE id = $1;
