-- Clinical records: eligibility, prescriptions, notes, messages.

CREATE TABLE eligibility_results (
    patient_id       UUID NOT NULL REFERENCES patients(id),
    payer_id         TEXT NOT NULL,
    service_date     DATE NOT NULL,
    member_id        TEXT NOT NULL,
    active           BOOLEAN NOT NULL,
    copay_cents      BIGINT,
    plan_name        TEXT,
    trace_number     TEXT,
    raw_response     JSONB,
    checked_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (patient_id, payer_id, service_date)
);

CREATE TABLE prescriptions (
    id                UUID PRIMARY KEY,
    appointment_id    UUID NOT NULL REFERENCES appointments(id),
    line_no           INT NOT NULL,
    prescriber_id     UUID NOT NULL REFERENCES clinicians(id),
    patient_id        UUID NOT NULL REFERENCES patients(id),
    ndc               TEXT NOT NULL,
    drug_name         TEXT NOT NULL,
    sig               TEXT NOT NULL,
    quantity          INT NOT NULL,
    refills           INT NOT NULL DEFAULT 0,
    pharmacy_ncpdp    TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'draft',
    partner_order_id  TEXT,
    submitted_at      TIMESTAMPTZ,
    cancelled_at      TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, line_no)
);

CREATE TABLE prescription_renewals (
    id                 UUID PRIMARY KEY,
    prescription_id    UUID NOT NULL REFERENCES prescriptions(id),
    seq                INT NOT NULL,
    quantity           INT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'pending',
    partner_renewal_id TEXT,
    requested_by       UUID NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (prescription_id, seq)
);

CREATE TABLE rx_status_events (
    partner_event_id  TEXT PRIMARY KEY,
    partner_order_id  TEXT NOT NULL,
    status            TEXT NOT NULL,
    detail            TEXT,
    occurred_at       TIMESTAMPTZ NOT NULL,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE visit_notes (
    id              UUID PRIMARY KEY,
    appointment_id  UUID NOT NULL UNIQUE REFERENCES appointments(id),
    author_id       UUID NOT NULL REFERENCES clinicians(id),
    subjective      TEXT NOT NULL DEFAULT '',
    objective       TEXT NOT NULL DEFAULT '',
    assessment      TEXT NOT NULL DEFAULT '',
    plan            TEXT NOT NULL DEFAULT '',
    signed_at       TIMESTAMPTZ,
    signed_by       UUID,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE note_addenda (
    id          TEXT PRIMARY KEY,
    note_id     UUID NOT NULL REFERENCES visit_notes(id),
    author_id   UUID NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE care_messages (
    id              TEXT PRIMARY KEY,
    appointment_id  UUID NOT NULL REFERENCES appointments(id),
    sender_id       UUID NOT NULL,
    sender_role     TEXT NOT NULL,
    body            TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX care_messages_thread ON care_messages (appointment_id, created_at);
