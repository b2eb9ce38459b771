-- name: ClosePayoutBatch :execrows
UPDATE payout_batches
SET status = 'closed', closed_at = now()
WHERE id = $1 AND status <> 'closed';

-- name: CountPayoutAttempts :one
SELECT COUNT(*)::int FROM payout_attempts
WHERE reference = $1;

-- name: GetCashoutByKey :one
SELECT id, driver_id, idempotency_key, amount_cents, fee_cents, currency, status, provider_payment_id, created_at, updated_at FROM cashouts
WHERE idempotency_key = $1;

-- name: GetPayoutBatchByWorkflow :one
SELECT id, workflow_id, period_start, period_end, status, created_at, closed_at FROM payout_batches
WHERE workflow_id = $1;

-- name: GetPayoutLine :one
SELECT id, batch_id, driver_id, amount_cents, currency, status, payment_reference, provider_payment_id, failure_reason, submitted_at, settled_at, updated_at FROM payout_lines
WHERE id = $1;

-- name: InsertCashout :exec
INSERT INTO cashouts (id, driver_id, idempotency_key, amount_cents, fee_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertPayoutAttempt :exec
INSERT INTO payout_attempts (id, reference, attempt_no, outcome, detail)
VALUES ($1, $2, $3, $4, $5);

-- name: InsertPayoutBatch :execrows
INSERT INTO payout_batches (id, workflow_id, period_start, period_end)
VALUES ($1, $2, $3, $4)
ON CONFLICT (workflow_id) DO NOTHING;

-- name: ListPayoutLines :many
SELECT id, batch_id, driver_id, amount_cents, currency, status, payment_reference, provider_payment_id, failure_reason, submitted_at, settled_at, updated_at FROM payout_lines
WHERE batch_id = $1
ORDER BY driver_id;

-- name: ListStaleSubmittedLines :many
SELECT id, batch_id, driver_id, amount_cents, currency, status, payment_reference, provider_payment_id, failure_reason, submitted_at, settled_at, updated_at FROM payout_lines
WHERE status IN ('submitted', 'settled') AND submitted_at < $1
ORDER BY submitted_at
LIMIT $2;

-- name: MarkCashoutSubmitted :execrows
UPDATE cashouts
SET status = 'submitted', provider_payment_id = $2, updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: MarkPayoutLineFailedByRef :one
UPDATE payout_lines
SET status = 'failed', failure_reason = $2, updated_at = now()
WHERE payment_reference = $1 AND status IN ('submitted', 'settled')
RETURNING id, batch_id, driver_id, amount_cents, currency, status, payment_reference, provider_payment_id, failure_reason, submitted_at, settled_at, updated_at;

-- name: MarkPayoutLinePaidByRef :execrows
UPDATE payout_lines
SET status = 'paid', updated_at = now()
WHERE payment_reference = $1 AND status IN ('submitted', 'settled');

-- name: MarkPayoutLineSettled :exec
UPDATE payout_lines
SET status = 'settled', settled_at = now(), updated_at = now()
WHERE id = $1;

-- name: MarkPayoutLineSubmitted :exec
UPDATE payout_lines
SET status = 'submitted', payment_reference = $2, provider_payment_id = $3, submitted_at = now(), updated_at = now()
WHERE id = $1;

-- name: SnapshotPayoutLines :execrows
INSERT INTO payout_lines (id, batch_id, driver_id, amount_cents, currency)
SELECT md5($1::text || ':' || b.driver_id::text)::uuid, $1, b.driver_id, b.available_cents, b.currency
FROM driver_balances b
JOIN drivers d ON d.id = b.driver_id
WHERE b.available_cents >= $2 AND d.payout_frozen = FALSE AND d.payee_id IS NOT NULL
ON CONFLICT (batch_id, driver_id) DO NOTHING;

-- name: MarkPayoutLineReconciled :execrows
UPDATE payout_lines
SET status = $2, updated_at = now()
WHERE id = $1 AND status IN ('submitted', 'settled');
