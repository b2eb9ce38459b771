-- name: CreateAddressRequest :execrows
INSERT INTO address_requests (id, wallet_id, chain, request_key)
VALUES ($1, $2, $3, $4)
ON CONFLICT (wallet_id, request_key) DO NOTHING;

-- name: GetAddressRequest :one
SELECT * FROM address_requests WHERE id = $1;

-- name: GetAddressRequestByKey :one
SELECT * FROM address_requests WHERE wallet_id = $1 AND request_key = $2;

-- name: GetAddressRequestByAddress :one
SELECT * FROM address_requests WHERE chain = $1 AND address = $2;

-- name: AssignAddress :execrows
UPDATE address_requests
SET address = $2, derivation_path = $3, assigned_at = now()
WHERE id = $1 AND address IS NULL;

-- name: UpsertWhitelistAddress :one
INSERT INTO whitelist_addresses (id, customer_id, asset, address, label)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (customer_id, asset, address) DO UPDATE SET label = EXCLUDED.label
RETURNING *;

-- name: IsWhitelisted :one
SELECT EXISTS (
    SELECT 1 FROM whitelist_addresses
    WHERE customer_id = $1 AND asset = $2 AND address = $3
);
