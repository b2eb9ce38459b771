-- name: InsertClaim :one
INSERT INTO claims (
    id, session_id, patient_id, coverage_id, clinic_id, patient_control_number,
    service_date, total_charge_cents, status
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9
)
RETURNING id, session_id, patient_id, coverage_id, clinic_id, patient_control_number, service_date, frequency_code, total_charge_cents, paid_cents, status, payer_claim_id, created_at, updated_at;

-- name: GetClaim :one
SELECT id, session_id, patient_id, coverage_id, clinic_id, patient_control_number, service_date, frequency_code, total_charge_cents, paid_cents, status, payer_claim_id, created_at, updated_at FROM claims
WHERE id = $1;

-- name: GetClaimByPCN :one
SELECT id, session_id, patient_id, coverage_id, clinic_id, patient_control_number, service_date, frequency_code, total_charge_cents, paid_cents, status, payer_claim_id, created_at, updated_at FROM claims
WHERE patient_control_number = $1;

-- name: InsertClaimLine :exec
INSERT INTO claim_lines (claim_id, line_no, hcpcs, modifiers, units, charge_cents)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: DeleteClaimLines :exec
DELETE FROM claim_lines WHERE claim_id = $1;

-- name: ListClaimLines :many
SELECT claim_id, line_no, hcpcs, modifiers, units, charge_cents FROM claim_lines
WHERE claim_id = $1
ORDER BY line_no;

-- name: MarkClaimQueued :one
UPDATE claims
SET status = 'queued', updated_at = now()
WHERE id = $1 AND status IN ('ready', 'rejected')
RETURNING id, session_id, patient_id, coverage_id, clinic_id, patient_control_number, service_date, frequency_code, total_charge_cents, paid_cents, status, payer_claim_id, created_at, updated_at;

-- name: PrepareReplacementClaim :one
UPDATE claims
SET frequency_code = '7',
    status = 'corrected',
    total_charge_cents = $2,
    coverage_id = $3,
    updated_at = now()
WHERE id = $1 AND status IN ('submitted', 'accepted', 'rejected', 'denied', 'corrected')
RETURNING id, session_id, patient_id, coverage_id, clinic_id, patient_control_number, service_date, frequency_code, total_charge_cents, paid_cents, status, payer_claim_id, created_at, updated_at;

-- name: SetClaimStatus :exec
UPDATE claims
SET status = $2,
    payer_claim_id = COALESCE($3, payer_claim_id),
    updated_at = now()
WHERE id = $1;

-- name: NextSubmissionAttempt :one
SELECT (COALESCE(MAX(attempt_no), 0) + 1)::int AS next_attempt FROM claim_submissions
WHERE claim_id = $1;

-- name: InsertClaimSubmission :one
INSERT INTO claim_submissions (id, claim_id, attempt_no, kind)
VALUES ($1, $2, $3, $4)
RETURNING id, claim_id, attempt_no, kind, status, clearinghouse_id, response_code, submitted_at, created_at, request_key;

-- name: InsertTaskSubmission :one
INSERT INTO claim_submissions (id, claim_id, attempt_no, kind, request_key)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (request_key) DO NOTHING
RETURNING id, claim_id, attempt_no, kind, status, clearinghouse_id, response_code, submitted_at, created_at, request_key;

-- name: GetSubmissionByRequestKey :one
SELECT id, claim_id, attempt_no, kind, status, clearinghouse_id, response_code, submitted_at, created_at, request_key FROM claim_submissions
WHERE request_key = $1;

-- name: GetClaimSubmission :one
SELECT id, claim_id, attempt_no, kind, status, clearinghouse_id, response_code, submitted_at, created_at, request_key FROM claim_submissions
WHERE id = $1;

-- name: GetLatestSubmission :one
SELECT id, claim_id, attempt_no, kind, status, clearinghouse_id, response_code, submitted_at, created_at, request_key FROM claim_submissions
WHERE claim_id = $1 AND kind = $2
ORDER BY attempt_no DESC
LIMIT 1;

-- name: RecordSubmissionResult :exec
UPDATE claim_submissions
SET status = $2,
    clearinghouse_id = $3,
    response_code = $4,
    submitted_at = $5
WHERE id = $1;

-- name: InsertRemittance :one
INSERT INTO remittances (id, era_id, payer_id, check_number, paid_total_cents)
VALUES ($1, $2, $3, $4, $5)
RETURNING id, era_id, payer_id, check_number, paid_total_cents, received_at;

-- name: InsertPaymentPosting :exec
INSERT INTO payment_postings (id, remittance_id, claim_id, paid_cents, adjustment_cents, group_code, reason_code)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: ApplyClaimPayment :exec
UPDATE claims
SET paid_cents = paid_cents + $2,
    status = CASE WHEN $2 > 0 THEN 'paid' ELSE 'denied' END,
    updated_at = now()
WHERE id = $1;

-- name: InsertClaimAdjustment :one
INSERT INTO claim_adjustments (id, claim_id, reason_code, amount_cents, note, created_by)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING id, claim_id, reason_code, amount_cents, note, created_by, created_at;

-- name: AdjustClaimBalance :exec
UPDATE claims
SET paid_cents = paid_cents + $2, updated_at = now()
WHERE id = $1;
