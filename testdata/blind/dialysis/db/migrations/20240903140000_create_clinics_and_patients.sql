-- migrate:up
CREATE TABLE clinics (
    id          uuid PRIMARY KEY,
    code        text NOT NULL UNIQUE,
    name        text NOT NULL,
    npi         text NOT NULL,
    tax_id      text NOT NULL,
    timezone    text NOT NULL DEFAULT 'America/Chicago',
    address     text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE patients (
    id                uuid PRIMARY KEY,
    clinic_id         uuid NOT NULL REFERENCES clinics (id),
    mrn               text NOT NULL,
    first_name        text NOT NULL,
    last_name         text NOT NULL,
    date_of_birth     date NOT NULL,
    sex               text NOT NULL CHECK (sex IN ('F', 'M', 'U')),
    phone             text,
    home_address      text NOT NULL,
    modality          text NOT NULL DEFAULT 'in_center_hd',
    mobility          text NOT NULL DEFAULT 'ambulatory'
                      CHECK (mobility IN ('ambulatory', 'wheelchair', 'stretcher')),
    status            text NOT NULL DEFAULT 'intake'
                      CHECK (status IN ('intake', 'active', 'transferred', 'discharged')),
    created_by        text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT patients_clinic_mrn_key UNIQUE (clinic_id, mrn)
);

CREATE TABLE coverages (
    id              uuid PRIMARY KEY,
    patient_id      uuid NOT NULL REFERENCES patients (id),
    payer_id        text NOT NULL,
    payer_name      text NOT NULL,
    member_id       text NOT NULL,
    group_number    text,
    priority        smallint NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 3),
    effective_from  date NOT NULL,
    effective_to    date,
    created_by      text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT coverages_patient_payer_member_key UNIQUE (patient_id, payer_id, member_id)
);

-- Every inquiry sent to the clearinghouse is kept, including failures; the
-- billing team audits these when a claim denies for eligibility.
CREATE TABLE eligibility_checks (
    id                          uuid PRIMARY KEY,
    patient_id                  uuid NOT NULL REFERENCES patients (id),
    coverage_id                 uuid NOT NULL REFERENCES coverages (id),
    source                      text NOT NULL CHECK (source IN ('staff', 'monthly')),
    service_period              date NOT NULL,
    trace_number                text NOT NULL,
    status                      text NOT NULL CHECK (status IN ('pending', 'active', 'inactive', 'error')),
    plan_name                   text,
    copay_cents                 bigint,
    deductible_remaining_cents  bigint,
    response                    jsonb,
    requested_by                text NOT NULL,
    checked_at                  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX eligibility_checks_patient_idx ON eligibility_checks (patient_id, checked_at DESC);
CREATE UNIQUE INDEX eligibility_checks_monthly_key
    ON eligibility_checks (coverage_id, service_period)
    WHERE source = 'monthly';

CREATE TABLE idempotency_keys (
    scope            text NOT NULL,
    key              text NOT NULL,
    request_hash     text NOT NULL,
    resource_id      uuid,
    response_status  integer,
    response_body    jsonb,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- migrate:down
DROP TABLE idempotency_keys;
DROP TABLE eligibility_checks;
DROP TABLE coverages;
DROP TABLE patients;
DROP TABLE clinics;
