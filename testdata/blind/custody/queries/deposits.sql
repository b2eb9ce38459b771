-- name: InsertCryptoDeposit :exec
INSERT INTO crypto_deposits (id, wallet_id, chain, tx_hash, vout, address, amount, confirmations)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: GetCryptoDeposit :one
SELECT * FROM crypto_deposits WHERE id = $1;

-- name: MarkCryptoDepositCredited :exec
UPDATE crypto_deposits
SET status = 'credited', confirmations = $2, credited_at = now()
WHERE id = $1;

-- name: MarkDepositReceiptSent :exec
UPDATE crypto_deposits SET receipt_sent_at = now() WHERE id = $1;

-- name: InsertGasTopup :exec
INSERT INTO gas_topups (id, address, chain, amount, request_id, provider_ref)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: GetCryptoDepositByOutput :one
SELECT * FROM crypto_deposits
WHERE chain = $1 AND tx_hash = $2 AND vout = $3
ORDER BY created_at
LIMIT 1;
