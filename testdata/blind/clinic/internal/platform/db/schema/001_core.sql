-- Core scheduling tables.

CREATE TABLE IF NOT EXISTS patients (
    id                     UUID PRIMARY KEY,
    email                  TEXT NOT NULL UNIQUE,
    phone                  TEXT NOT NULL,
    full_name              TEXT NOT NULL,
    stripe_customer_id     TEXT,
    default_payment_method TEXT,
    payer_id               TEXT,
    member_id              TEXT,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS clinicians (
    id         UUID PRIMARY KEY,
    npi        TEXT NOT NULL UNIQUE,
    full_name  TEXT NOT NULL,
    specialty  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS appointments (
    id            UUID PRIMARY KEY,
    patient_id    UUID NOT NULL REFERENCES patients (id),
    clinician_id  UUID NOT NULL REFERENCES clinicians (id),
    slot_start    TIMESTAMPTZ NOT NULL,
    slot_minutes  INT NOT NULL DEFAULT 30 CHECK (slot_minutes > 0),
    status        TEXT NOT NULL,
    reason        TEXT NOT NULL DEFAULT '',
    deposit_cents BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A clinician can hold one live appointment per slot; cancelled rows free the slot.
CREATE UNIQUE INDEX IF NOT EXISTS appointments_clinician_slot_live
    ON appointments (clinician_id, slot_start) WHERE status <> 'cancelled';
CREATE INDEX IF NOT EXISTS appointments_patient_idx ON appointments (patient_id, slot_start);

CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL DEFAULT '',
    response_body JSONB,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS intake_forms (
    id             UUID PRIMARY KEY,
    appointment_id UUID NOT NULL REFERENCES appointments (id),
    submitted_by   UUID NOT NULL,
    allergies      TEXT NOT NULL DEFAULT '',
    medications    TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS intake_forms_appointment_idx ON intake_forms (appointment_id, created_at DESC);

CREATE TABLE IF NOT EXISTS intake_answers (
    intake_id     UUID NOT NULL REFERENCES intake_forms (id) ON DELETE CASCADE,
    question_code TEXT NOT NULL,
    answer        TEXT NOT NULL,
    PRIMARY KEY (intake_id, question_code)
);

CREATE TABLE IF NOT EXISTS reminder_log (
    appointment_id      UUID NOT NULL,
    kind                TEXT NOT NULL,
    provider_message_id TEXT,
    sent_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, kind)
);

CREATE TABLE IF NOT EXISTS sms_outbox (
    id                  TEXT PRIMARY KEY,
    appointment_id      UUID NOT NULL,
    template            TEXT NOT NULL,
    status              TEXT NOT NULL,
    provider_message_id TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, template)
);

CREATE TABLE IF NOT EXISTS outbox_events (
    id           UUID PRIMARY KEY,
    topic        TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS outbox_events_pending_idx ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE IF NOT EXISTS inbox_messages (
    message_id  TEXT NOT NULL,
    handler     TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (message_id, handler)
);

CREATE TABLE IF NOT EXISTS patient_notifications (
    id         UUID PRIMARY KEY,
    patient_id UUID NOT NULL REFERENCES patients (id),
    kind       TEXT NOT NULL,
    ref_id     TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    read_at    TIMESTAMPTZ
);
