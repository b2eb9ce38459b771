-- name: CreateClaim :exec
INSERT INTO claims (
    id, claim_number, policy_number, source, external_ref, status, loss_type, loss_date,
    description, claimant_name, claimant_email, claimant_stripe_account, at_fault_party, broker_webhook_url
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14);

-- name: InsertClaimFromExternal :one
INSERT INTO claims (
    id, claim_number, policy_number, source, external_ref, status, loss_type, loss_date,
    description, claimant_name, claimant_email
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
ON CONFLICT ON CONSTRAINT claims_source_external_ref_key DO NOTHING
RETURNING id;

-- name: GetClaim :one
SELECT * FROM claims WHERE id = $1;

-- name: GetClaimForUpdate :one
SELECT * FROM claims WHERE id = $1 FOR UPDATE;

-- name: SetClaimStatus :exec
UPDATE claims SET status = $2, updated_at = now() WHERE id = $1;

-- name: MarkClaimClosed :exec
UPDATE claims SET status = 'closed', close_reason = $2, closed_at = now(), updated_at = now() WHERE id = $1;

-- name: ReopenClaim :exec
UPDATE claims SET status = 'reopened', close_reason = NULL, closed_at = NULL, updated_at = now() WHERE id = $1;

-- name: AdjustReserveTotal :exec
UPDATE claims SET reserve_total_cents = reserve_total_cents + $2, updated_at = now() WHERE id = $1;

-- name: SetReserveTotal :exec
UPDATE claims SET reserve_total_cents = $2, updated_at = now() WHERE id = $1;

-- name: AddPaidTotal :exec
UPDATE claims SET paid_total_cents = paid_total_cents + $2, updated_at = now() WHERE id = $1;

-- name: AddRecoveredTotal :exec
UPDATE claims SET recovered_total_cents = recovered_total_cents + $2, updated_at = now() WHERE id = $1;

-- name: SumReserveChanges :one
SELECT COALESCE(SUM(delta_cents), 0)::bigint FROM reserve_changes WHERE claim_id = $1;

-- name: ReserveIdempotencyKey :one
INSERT INTO idempotency_keys (scope, idem_key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, idem_key) DO NOTHING
RETURNING idem_key;

-- name: GetIdempotencyKey :one
SELECT * FROM idempotency_keys WHERE scope = $1 AND idem_key = $2;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE scope = $1 AND idem_key = $2;

-- name: GetAdjuster :one
SELECT * FROM adjusters WHERE id = $1;

-- name: InsertAssignment :exec
INSERT INTO claim_assignments (claim_id, adjuster_id, role, assigned_by)
VALUES ($1, $2, $3, $4);

-- name: EnqueueTriage :execrows
INSERT INTO triage_queue (claim_id, priority)
VALUES ($1, $2)
ON CONFLICT (claim_id) DO NOTHING;

-- name: InsertReserveChange :exec
INSERT INTO reserve_changes (id, claim_id, category, delta_cents, reason, changed_by)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertReserveChangeIfAbsent :execrows
INSERT INTO reserve_changes (id, claim_id, category, delta_cents, reason, changed_by)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (id) DO NOTHING;

-- name: AppendLedgerEntry :exec
INSERT INTO claim_ledger (claim_id, entry_type, amount_cents, source_ref)
VALUES ($1, $2, $3, $4);
