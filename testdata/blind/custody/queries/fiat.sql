-- name: CreateFiatDeposit :exec
INSERT INTO fiat_deposits (id, customer_id, wallet_id, amount_cents, currency, method, payment_method_id)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: GetFiatDeposit :one
SELECT * FROM fiat_deposits WHERE id = $1;

-- name: GetFiatDepositByCharge :one
SELECT * FROM fiat_deposits WHERE provider_charge_id = $1;

-- name: SetFiatDepositStatus :exec
UPDATE fiat_deposits
SET status = $2, provider_charge_id = $3, updated_at = now()
WHERE id = $1;

-- name: TransitionFiatDeposit :execrows
UPDATE fiat_deposits
SET status = sqlc.arg(to_status), provider_charge_id = sqlc.arg(provider_charge_id), updated_at = now()
WHERE id = sqlc.arg(id) AND status = sqlc.arg(from_status);

-- name: CreateFiatRefund :exec
INSERT INTO fiat_refunds (id, deposit_id, amount_cents, reason, provider_refund_id)
VALUES ($1, $2, $3, $4, $5);

-- name: CreateFiatPayout :exec
INSERT INTO fiat_payouts (id, customer_id, wallet_id, amount_cents, currency, bank_account_id)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: GetFiatPayout :one
SELECT * FROM fiat_payouts WHERE id = $1;

-- name: SetFiatPayoutStatus :exec
UPDATE fiat_payouts
SET status = $2, provider_payout_id = $3, updated_at = now()
WHERE id = $1;

-- name: FiatEventExists :one
SELECT EXISTS (SELECT 1 FROM fiat_events WHERE event_id = $1);

-- name: InsertFiatEvent :exec
INSERT INTO fiat_events (event_id, event_type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;
