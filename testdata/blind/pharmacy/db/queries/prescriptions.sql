-- name: CancelPrescription :exec
UPDATE prescriptions
SET status = 'cancelled', cancel_reason = $2, cancelled_at = now()
WHERE id = $1;

-- name: ConsumeRefill :execrows
UPDATE prescriptions
SET refills_remaining = refills_remaining - 1,
    next_fill_due     = $2
WHERE id = $1 AND refills_remaining > 0 AND status = 'active';

-- name: GetPrescription :one
SELECT id, clinic_id, external_rx_id, patient_id, prescriber_npi, ndc, drug_name, sig, quantity, days_supply, refills_authorized, refills_remaining, status, written_at, next_fill_due, cancel_reason, received_at, cancelled_at FROM prescriptions
WHERE id = $1;

-- name: GetPrescriptionByExternalID :one
SELECT id, clinic_id, external_rx_id, patient_id, prescriber_npi, ndc, drug_name, sig, quantity, days_supply, refills_authorized, refills_remaining, status, written_at, next_fill_due, cancel_reason, received_at, cancelled_at FROM prescriptions
WHERE clinic_id = $1 AND external_rx_id = $2;

-- name: GetPrescriptionForUpdate :one
SELECT id, clinic_id, external_rx_id, patient_id, prescriber_npi, ndc, drug_name, sig, quantity, days_supply, refills_authorized, refills_remaining, status, written_at, next_fill_due, cancel_reason, received_at, cancelled_at FROM prescriptions
WHERE id = $1
FOR UPDATE;

-- name: InsertPrescription :one
INSERT INTO prescriptions (
    id, clinic_id, external_rx_id, patient_id, prescriber_npi, ndc, drug_name, sig,
    quantity, days_supply, refills_authorized, refills_remaining, written_at
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12
)
ON CONFLICT (clinic_id, external_rx_id) DO NOTHING
RETURNING id;

-- name: ListPrescriptionsDueForRefill :many
SELECT p.id, p.patient_id, p.drug_name, p.next_fill_due, p.refills_remaining, pt.phone_e164, pt.first_name
FROM prescriptions p
JOIN patients pt ON pt.id = p.patient_id
WHERE p.status = 'active'
  AND p.refills_remaining > 0
  AND p.next_fill_due = $1
  AND pt.sms_opt_in
ORDER BY p.id;

-- name: MarkPrescriptionActive :execrows
UPDATE prescriptions
SET status = 'active'
WHERE id = $1 AND status = 'received';

-- name: MarkPrescriptionRejected :exec
UPDATE prescriptions
SET status = 'rejected', cancel_reason = $2
WHERE id = $1 AND status = 'received';
