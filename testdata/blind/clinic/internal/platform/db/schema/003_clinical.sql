-- Prescriptions, insurance claims and lab results.

CREATE TABLE IF NOT EXISTS prescriptions (
    id              UUID PRIMARY KEY,
    appointment_id  UUID NOT NULL REFERENCES appointments (id),
    clinician_id    UUID NOT NULL REFERENCES clinicians (id),
    patient_id      UUID NOT NULL REFERENCES patients (id),
    medication_code TEXT NOT NULL,
    sig             TEXT NOT NULL,
    quantity        INT NOT NULL CHECK (quantity > 0),
    refills         INT NOT NULL DEFAULT 0,
    pharmacy_ncpdp  TEXT NOT NULL,
    status          TEXT NOT NULL,
    rxnet_ref       TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, medication_code)
);

CREATE TABLE IF NOT EXISTS prescription_renewals (
    id              UUID PRIMARY KEY,
    prescription_id UUID NOT NULL REFERENCES prescriptions (id),
    quantity        INT NOT NULL CHECK (quantity > 0),
    requested_by    UUID NOT NULL,
    status          TEXT NOT NULL,
    rxnet_ref       TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS prescription_renewals_rx_idx ON prescription_renewals (prescription_id);

CREATE TABLE IF NOT EXISTS claims (
    id                UUID PRIMARY KEY,
    appointment_id    UUID NOT NULL UNIQUE REFERENCES appointments (id),
    payer_id          TEXT NOT NULL,
    member_id         TEXT NOT NULL,
    lines             JSONB NOT NULL,
    total_cents       BIGINT NOT NULL,
    status            TEXT NOT NULL,
    clearinghouse_ref TEXT,
    paid_cents        BIGINT NOT NULL DEFAULT 0,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS claim_submissions (
    id                UUID PRIMARY KEY,
    claim_id          UUID NOT NULL REFERENCES claims (id),
    kind              TEXT NOT NULL,
    clearinghouse_ref TEXT NOT NULL,
    submitted_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS claim_remittances (
    id                 UUID PRIMARY KEY,
    claim_id           UUID NOT NULL REFERENCES claims (id),
    trace_number       TEXT NOT NULL,
    paid_cents         BIGINT NOT NULL,
    patient_resp_cents BIGINT NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS claim_remittances_trace_idx ON claim_remittances (trace_number);

CREATE TABLE IF NOT EXISTS lab_results (
    id               UUID PRIMARY KEY,
    accession_number TEXT NOT NULL,
    patient_id       UUID NOT NULL REFERENCES patients (id),
    lab_code         TEXT NOT NULL,
    test_code        TEXT NOT NULL,
    value            TEXT NOT NULL,
    unit             TEXT NOT NULL DEFAULT '',
    abnormal         BOOLEAN NOT NULL DEFAULT false,
    collected_at     TIMESTAMPTZ,
    reported_at      TIMESTAMPTZ NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS lab_results_accession_idx ON lab_results (accession_number);
CREATE INDEX IF NOT EXISTS lab_results_patient_idx ON lab_results (patient_id, reported_at DESC);
