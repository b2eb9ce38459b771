-- name: CreateClaimReversal :exec
INSERT INTO claim_reversals (id, claim_id, pbm_reversal_ref, status)
VALUES ($1, $2, $3, $4);

-- name: EnsureClaim :one
INSERT INTO claims (id, order_id, billed_cents)
VALUES ($1, $2, $3)
ON CONFLICT (order_id) DO UPDATE SET order_id = EXCLUDED.order_id
RETURNING id, order_id, status, pbm_claim_ref, submissions, billed_cents, plan_paid_cents, copay_cents, reject_codes, created_at, submitted_at, adjudicated_at, reversed_at;

-- name: GetClaim :one
SELECT id, order_id, status, pbm_claim_ref, submissions, billed_cents, plan_paid_cents, copay_cents, reject_codes, created_at, submitted_at, adjudicated_at, reversed_at FROM claims
WHERE id = $1;

-- name: GetClaimByOrder :one
SELECT id, order_id, status, pbm_claim_ref, submissions, billed_cents, plan_paid_cents, copay_cents, reject_codes, created_at, submitted_at, adjudicated_at, reversed_at FROM claims
WHERE order_id = $1;

-- name: GetClaimByPBMRef :one
SELECT id, order_id, status, pbm_claim_ref, submissions, billed_cents, plan_paid_cents, copay_cents, reject_codes, created_at, submitted_at, adjudicated_at, reversed_at FROM claims
WHERE pbm_claim_ref = $1;

-- name: InsertClaimLedgerEntry :exec
INSERT INTO claim_ledger (claim_id, entry_type, amount_cents, source_ref)
VALUES ($1, $2, $3, $4);

-- name: InsertCoverageCheck :exec
INSERT INTO coverage_checks (id, patient_id, eligible, plan_name, raw)
VALUES ($1, $2, $3, $4, $5);

-- name: MarkClaimReversed :exec
UPDATE claims
SET status = 'reversed', reversed_at = now()
WHERE id = $1;

-- name: MarkClaimSubmitted :exec
UPDATE claims
SET status = 'submitted', pbm_claim_ref = $2, submissions = submissions + 1, submitted_at = now()
WHERE id = $1;

-- name: RecordAdjudication :exec
UPDATE claims
SET status = $2, plan_paid_cents = $3, copay_cents = $4, reject_codes = $5, adjudicated_at = now()
WHERE id = $1;
