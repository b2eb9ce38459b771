-- name: CreatePatient :one
INSERT INTO patients (
    id, clinic_id, mrn, first_name, last_name, date_of_birth, sex, phone,
    home_address, modality, mobility, created_by
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
)
RETURNING id, clinic_id, mrn, first_name, last_name, date_of_birth, sex, phone, home_address, modality, mobility, status, created_by, created_at, updated_at;

-- name: GetPatient :one
SELECT id, clinic_id, mrn, first_name, last_name, date_of_birth, sex, phone, home_address, modality, mobility, status, created_by, created_at, updated_at FROM patients
WHERE id = $1;

-- name: CreateCoverage :one
INSERT INTO coverages (
    id, patient_id, payer_id, payer_name, member_id, group_number, priority,
    effective_from, effective_to, created_by
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
)
RETURNING id, patient_id, payer_id, payer_name, member_id, group_number, priority, effective_from, effective_to, created_by, created_at;

-- name: GetCoverage :one
SELECT id, patient_id, payer_id, payer_name, member_id, group_number, priority, effective_from, effective_to, created_by, created_at FROM coverages
WHERE id = $1;

-- name: GetPrimaryCoverage :one
SELECT id, patient_id, payer_id, payer_name, member_id, group_number, priority, effective_from, effective_to, created_by, created_at FROM coverages
WHERE patient_id = $1
  AND effective_from <= $2
  AND (effective_to IS NULL OR effective_to >= $2)
ORDER BY priority ASC, effective_from DESC
LIMIT 1;

-- name: InsertEligibilityCheck :one
INSERT INTO eligibility_checks (
    id, patient_id, coverage_id, source, service_period, trace_number, status,
    plan_name, copay_cents, deductible_remaining_cents, response, requested_by
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
)
RETURNING id, patient_id, coverage_id, source, service_period, trace_number, status, plan_name, copay_cents, deductible_remaining_cents, response, requested_by, checked_at;

-- name: ClaimMonthlyEligibilityCheck :execrows
INSERT INTO eligibility_checks (
    id, patient_id, coverage_id, source, service_period, trace_number, status, requested_by
) VALUES (
    $1, $2, $3, 'monthly', $4, $5, 'pending', 'system:monthly-recheck'
)
ON CONFLICT (coverage_id, service_period) WHERE source = 'monthly' DO NOTHING;

-- name: GetMonthlyEligibilityCheck :one
SELECT id, patient_id, coverage_id, source, service_period, trace_number, status, plan_name, copay_cents, deductible_remaining_cents, response, requested_by, checked_at FROM eligibility_checks
WHERE coverage_id = $1 AND service_period = $2 AND source = 'monthly';

-- name: CompleteEligibilityCheck :exec
UPDATE eligibility_checks
SET status = $2,
    plan_name = $3,
    copay_cents = $4,
    deductible_remaining_cents = $5,
    response = $6,
    checked_at = now()
WHERE id = $1;

-- name: ListCoveragesDueForRecheck :many
SELECT c.id, c.patient_id
FROM coverages c
JOIN patients p ON p.id = c.patient_id
WHERE p.status = 'active'
  AND c.effective_from <= $1
  AND (c.effective_to IS NULL OR c.effective_to >= $1)
ORDER BY c.id;

-- name: ListClinicIDs :many
SELECT id FROM clinics ORDER BY code;

-- name: GetClinic :one
SELECT id, code, name, npi, tax_id, timezone, address, created_at FROM clinics
WHERE id = $1;
