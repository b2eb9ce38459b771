-- name: InsertPosLoad :execrows
INSERT INTO loads (id, card_id, terminal_id, terminal_txn_ref, source, amount_cents)
VALUES ($1, $2, $3, $4, 'pos', $5)
ON CONFLICT (terminal_id, terminal_txn_ref) DO NOTHING;

-- name: InsertLoad :exec
INSERT INTO loads (id, card_id, terminal_id, terminal_txn_ref, source, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: GetLoadByTerminalRef :one
SELECT * FROM loads
WHERE terminal_id = $1 AND terminal_txn_ref = $2;
