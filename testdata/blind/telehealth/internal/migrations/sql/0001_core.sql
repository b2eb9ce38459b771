-- Core scheduling tables: patients, clinicians, appointments.

CREATE TABLE patients (
    id                     UUID PRIMARY KEY,
    full_name              TEXT NOT NULL,
    email                  TEXT NOT NULL,
    phone_e164             TEXT,
    stripe_customer_id     TEXT,
    default_payment_method TEXT,
    sms_opt_in             BOOLEAN NOT NULL DEFAULT FALSE,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE clinicians (
    id                UUID PRIMARY KEY,
    full_name         TEXT NOT NULL,
    npi               TEXT NOT NULL UNIQUE,
    dea_number        TEXT,
    visit_rate_cents  BIGINT NOT NULL DEFAULT 0,
    timezone          TEXT NOT NULL DEFAULT 'America/New_York',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE appointments (
    id                  UUID PRIMARY KEY,
    patient_id          UUID NOT NULL REFERENCES patients(id),
    clinician_id        UUID NOT NULL REFERENCES clinicians(id),
    slot_start          TIMESTAMPTZ NOT NULL,
    slot_minutes        INT NOT NULL DEFAULT 20,
    status              TEXT NOT NULL DEFAULT 'booked',
    reason              TEXT NOT NULL DEFAULT '',
    payer_id            TEXT,
    member_id           TEXT,
    video_room_id       TEXT,
    video_join_url      TEXT,
    provider_joined_at  TIMESTAMPTZ,
    started_at          TIMESTAMPTZ,
    completed_at        TIMESTAMPTZ,
    cancelled_at        TIMESTAMPTZ,
    cancel_reason       TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A clinician can hold only one live appointment per slot.
CREATE UNIQUE INDEX appointments_live_slot
    ON appointments (clinician_id, slot_start)
    WHERE status IN ('booked', 'in_progress');

CREATE INDEX appointments_patient ON appointments (patient_id, slot_start DESC);
CREATE INDEX appointments_upcoming ON appointments (slot_start) WHERE status = 'booked';

-- Client-supplied request keys for gRPC mutations.
CREATE TABLE idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    resource_id   TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Keys seen by the admin API.
CREATE TABLE admin_requests (
    key           TEXT PRIMARY KEY,
    route         TEXT NOT NULL,
    response      JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
