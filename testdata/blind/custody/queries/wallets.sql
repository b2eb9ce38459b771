-- name: GetCustomer :one
SELECT * FROM customers WHERE id = $1;

-- name: CreateWallet :execrows
INSERT INTO wallets (id, customer_id, asset)
VALUES ($1, $2, $3)
ON CONFLICT (customer_id, asset) DO NOTHING;

-- name: GetWallet :one
SELECT * FROM wallets WHERE id = $1;

-- name: GetWalletByCustomerAsset :one
SELECT * FROM wallets WHERE customer_id = $1 AND asset = $2;

-- name: GetWalletForUpdate :one
SELECT * FROM wallets WHERE id = $1 FOR UPDATE;

-- name: AdjustWalletBalance :execrows
UPDATE wallets
SET available = available + sqlc.arg(available_delta),
    held = held + sqlc.arg(held_delta)
WHERE id = sqlc.arg(id);
