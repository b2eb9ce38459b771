-- name: CreatePatient :one
INSERT INTO patients (
    id, clinic_id, mrn, first_name, last_name, date_of_birth, phone_e164, email,
    address_line1, address_city, address_postal, sms_opt_in,
    pbm_member_id, pbm_bin, pbm_pcn, pbm_group
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16
)
RETURNING id, clinic_id, mrn, first_name, last_name, date_of_birth, phone_e164, email, address_line1, address_city, address_postal, sms_opt_in, autopay, stripe_customer_id, default_payment_method, pbm_member_id, pbm_bin, pbm_pcn, pbm_group, created_at, updated_at;

-- name: GetClinic :one
SELECT id, name, webhook_secret, callback_url, active, created_at FROM clinics
WHERE id = $1;

-- name: GetPatient :one
SELECT id, clinic_id, mrn, first_name, last_name, date_of_birth, phone_e164, email, address_line1, address_city, address_postal, sms_opt_in, autopay, stripe_customer_id, default_payment_method, pbm_member_id, pbm_bin, pbm_pcn, pbm_group, created_at, updated_at FROM patients
WHERE id = $1;

-- name: SetPatientStripeCustomer :exec
UPDATE patients
SET stripe_customer_id = $2, updated_at = now()
WHERE id = $1;

-- name: UpsertPatientFromIntake :one
INSERT INTO patients (
    id, clinic_id, mrn, first_name, last_name, date_of_birth, phone_e164, email,
    address_line1, address_city, address_postal,
    pbm_member_id, pbm_bin, pbm_pcn, pbm_group
) VALUES (
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15
)
ON CONFLICT (clinic_id, mrn) DO UPDATE
SET phone_e164    = EXCLUDED.phone_e164,
    address_line1 = COALESCE(EXCLUDED.address_line1, patients.address_line1),
    address_city  = COALESCE(EXCLUDED.address_city, patients.address_city),
    address_postal = COALESCE(EXCLUDED.address_postal, patients.address_postal),
    pbm_member_id = COALESCE(EXCLUDED.pbm_member_id, patients.pbm_member_id),
    pbm_bin       = COALESCE(EXCLUDED.pbm_bin, patients.pbm_bin),
    pbm_pcn       = COALESCE(EXCLUDED.pbm_pcn, patients.pbm_pcn),
    pbm_group     = COALESCE(EXCLUDED.pbm_group, patients.pbm_group),
    updated_at    = now()
RETURNING id;
