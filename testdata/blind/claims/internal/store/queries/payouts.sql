-- name: InsertPayout :one
INSERT INTO payouts (id, claim_id, idempotency_key, amount_cents, currency, destination_account, status)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT ON CONSTRAINT payouts_claim_idem_key DO NOTHING
RETURNING id;

-- name: GetPayout :one
SELECT * FROM payouts WHERE id = $1;

-- name: GetPayoutForUpdate :one
SELECT * FROM payouts WHERE id = $1 FOR UPDATE;

-- name: GetPayoutByKey :one
SELECT * FROM payouts WHERE claim_id = $1 AND idempotency_key = $2;

-- name: SetPayoutStatus :exec
UPDATE payouts SET status = $2, updated_at = now() WHERE id = $1;

-- name: SetPayoutTransfer :exec
UPDATE payouts SET stripe_transfer_id = $2, status = $3, updated_at = now() WHERE id = $1;

-- name: SetPayoutStripePayoutID :exec
UPDATE payouts SET stripe_payout_id = $2, status = $3, updated_at = now() WHERE id = $1;

-- name: InsertPayoutAttempt :exec
INSERT INTO payout_attempts (id, payout_id, attempt, note) VALUES ($1, $2, $3, $4);
