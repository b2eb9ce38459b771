-- name: AddToBalance :exec
UPDATE accounts SET balance_cents = balance_cents + $2, updated_at = now() WHERE id = $1;

-- name: GetBalance :one
SELECT balance_cents FROM accounts WHERE id = $1;

-- name: InsertAdjustment :exec
INSERT INTO adjustments (account_id, amount_cents, reason) VALUES ($1, $2, $3);

-- name: InsertEntry :exec
INSERT INTO entries (entry_id, account_id, amount_cents) VALUES ($1, $2, $3);
