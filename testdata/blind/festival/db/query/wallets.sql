-- name: EnsureWallet :one
INSERT INTO wallets (id, attendee_id)
VALUES ($1, $2)
ON CONFLICT (attendee_id) DO UPDATE
    SET attendee_id = EXCLUDED.attendee_id
RETURNING *;

-- name: GetWallet :one
SELECT * FROM wallets WHERE id = $1;

-- name: GetWalletForUpdate :one
SELECT * FROM wallets WHERE id = $1 FOR UPDATE;

-- name: CreditWallet :one
UPDATE wallets
SET balance_cents = balance_cents + @amount::bigint,
    updated_at = now()
WHERE id = @id
RETURNING *;

-- name: DebitWallet :one
UPDATE wallets
SET balance_cents = balance_cents - @amount::bigint,
    updated_at = now()
WHERE id = @id
  AND balance_cents >= @amount::bigint
RETURNING *;

-- name: DebitWalletOffline :one
UPDATE wallets
SET balance_cents = GREATEST(balance_cents - @amount::bigint, 0),
    updated_at = now()
WHERE id = @id
RETURNING *;

-- name: ReserveBalanceForRefund :one
UPDATE wallets
SET reserved_cents = reserved_cents + balance_cents,
    balance_cents = 0,
    updated_at = now()
WHERE id = @id
  AND balance_cents > 0
RETURNING *;

-- name: ReserveAmountForRefund :exec
UPDATE wallets
SET reserved_cents = reserved_cents + @amount::bigint,
    balance_cents = balance_cents - @amount::bigint,
    updated_at = now()
WHERE id = @id;

-- name: ReleaseReserved :exec
UPDATE wallets
SET reserved_cents = GREATEST(reserved_cents - @amount::bigint, 0),
    updated_at = now()
WHERE id = @id;

-- name: SetAutoreload :exec
UPDATE wallets
SET card_token = @card_token,
    autoreload_threshold_cents = @threshold_cents,
    autoreload_amount_cents = @amount_cents,
    updated_at = now()
WHERE id = @id;

-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (id, wallet_id, kind, amount_cents, reference)
VALUES ($1, $2, $3, $4, $5);
