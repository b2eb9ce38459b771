-- name: InsertPayoutRun :execrows
INSERT INTO payout_runs (id, period_start, period_end, created_by)
VALUES ($1, $2, $3, $4)
ON CONFLICT (period_start) DO NOTHING;

-- name: GetPayoutRun :one
SELECT * FROM payout_runs WHERE id = $1;

-- name: GetPayoutRunByPeriod :one
SELECT * FROM payout_runs WHERE period_start = $1;

-- name: LockPayoutRun :one
SELECT * FROM payout_runs WHERE id = $1 FOR UPDATE;

-- name: SetPayoutRunStatus :exec
UPDATE payout_runs SET status = $2, updated_at = now() WHERE id = $1;

-- name: InsertPayout :execrows
INSERT INTO payouts (
    id, run_id, courier_id, gross_cents, tips_cents, credits_cents,
    deductions_cents, net_cents, currency
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
ON CONFLICT (run_id, courier_id) DO NOTHING;

-- name: GetPayout :one
SELECT * FROM payouts WHERE id = $1;

-- name: GetPayoutByTransfer :one
SELECT * FROM payouts WHERE stripe_transfer_id = $1;

-- name: GetRunPayoutForCourier :one
SELECT * FROM payouts WHERE run_id = $1 AND courier_id = $2;

-- name: ListRunPayouts :many
SELECT * FROM payouts WHERE run_id = $1 ORDER BY courier_id;

-- name: MarkPayoutTransferring :execrows
UPDATE payouts SET status = 'transferring', updated_at = now()
WHERE id = $1 AND status IN ('pending', 'transferring');

-- name: MarkPayoutPaid :exec
UPDATE payouts
SET status = 'paid', stripe_transfer_id = $2, paid_at = $3, updated_at = now()
WHERE id = $1;

-- name: MarkPayoutFailed :exec
UPDATE payouts SET status = 'failed', updated_at = now() WHERE id = $1;

-- name: MarkPayoutSkipped :exec
UPDATE payouts SET status = 'skipped', updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: MarkPayoutReversed :execrows
UPDATE payouts SET status = 'reversed', reversed_at = $2, updated_at = now()
WHERE id = $1 AND status = 'paid';

-- name: ListPaidPayoutsWithoutStatement :many
SELECT p.id, p.courier_id, p.net_cents, p.gross_cents, p.tips_cents, p.deductions_cents,
       p.paid_at, c.phone_e164, c.display_name, r.period_start, r.period_end
FROM payouts p
JOIN couriers c ON c.id = p.courier_id
JOIN payout_runs r ON r.id = p.run_id
WHERE p.status = 'paid' AND p.statement_sent_at IS NULL
ORDER BY p.paid_at
LIMIT $1;

-- name: MarkStatementSent :exec
UPDATE payouts SET statement_sent_at = $2, updated_at = now() WHERE id = $1;

-- name: ApplyPayoutDeduction :execrows
UPDATE payouts
SET deductions_cents = deductions_cents + sqlc.arg(amount_cents),
    net_cents        = net_cents - sqlc.arg(amount_cents),
    updated_at       = now()
WHERE id = sqlc.arg(id) AND status = 'pending';

-- name: GetPendingPayoutForCourier :one
SELECT p.* FROM payouts p
JOIN payout_runs r ON r.id = p.run_id
WHERE p.courier_id = $1 AND p.status = 'pending' AND r.status = 'built'
ORDER BY r.period_start DESC
LIMIT 1;

-- name: InsertCashout :exec
INSERT INTO cashouts (id, courier_id, client_request_id, amount_cents, fee_cents)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (courier_id, client_request_id) DO NOTHING;

-- name: GetCashoutByRequest :one
SELECT * FROM cashouts WHERE courier_id = $1 AND client_request_id = $2;

-- name: MarkCashoutPaid :exec
UPDATE cashouts SET status = 'paid', stripe_transfer_id = $2, updated_at = now() WHERE id = $1;

-- name: MarkCashoutFailed :exec
UPDATE cashouts SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'requested';

-- name: SumCashoutsSince :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM cashouts
WHERE courier_id = $1 AND status IN ('requested', 'paid') AND created_at >= $2;

-- name: InsertPayoutReversal :exec
INSERT INTO payout_reversals (id, payout_id, amount_cents, reason, requested_by)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (payout_id) DO NOTHING;

-- name: GetPayoutReversalByPayout :one
SELECT * FROM payout_reversals WHERE payout_id = $1;

-- name: MarkReversalDone :exec
UPDATE payout_reversals
SET status = 'reversed', stripe_reversal_id = $2, updated_at = now()
WHERE id = $1;

-- name: ConfirmReversal :execrows
UPDATE payout_reversals SET status = 'confirmed', updated_at = now()
WHERE payout_id = $1 AND status IN ('requested', 'reversed');

-- name: InsertAdvance :one
INSERT INTO advances (id, courier_id, amount_cents)
VALUES ($1, $2, $3)
RETURNING *;

-- name: MarkAdvancePaid :exec
UPDATE advances SET status = 'paid', stripe_transfer_id = $2, updated_at = now() WHERE id = $1;

-- name: MarkAdvanceFailed :exec
UPDATE advances SET status = 'failed', updated_at = now() WHERE id = $1;

-- name: SumOutstandingAdvances :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM advances
WHERE courier_id = $1 AND status IN ('requested', 'paid') AND recovered_payout_id IS NULL;

-- name: RecoverAdvances :execrows
UPDATE advances SET recovered_payout_id = sqlc.arg(payout_id), updated_at = now()
WHERE courier_id = sqlc.arg(courier_id) AND status = 'paid' AND recovered_payout_id IS NULL;

-- name: InsertPayoutCredit :exec
INSERT INTO payout_credits (id, courier_id, source_payout_id, amount_cents, reason)
VALUES ($1, $2, $3, $4, $5);

-- name: SumOpenCredits :one
SELECT COALESCE(SUM(amount_cents), 0)::bigint AS total_cents
FROM payout_credits
WHERE courier_id = $1 AND applied_payout_id IS NULL;

-- name: ApplyOpenCredits :execrows
UPDATE payout_credits SET applied_payout_id = sqlc.arg(payout_id)
WHERE courier_id = sqlc.arg(courier_id) AND applied_payout_id IS NULL;
