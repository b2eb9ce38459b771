-- Payments, refunds, receipts and patient credits.

CREATE TABLE IF NOT EXISTS payment_attempts (
    id             UUID PRIMARY KEY,
    appointment_id UUID NOT NULL REFERENCES appointments (id),
    purpose        TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL CHECK (amount_cents > 0),
    currency       TEXT NOT NULL,
    status         TEXT NOT NULL,
    provider_ref   TEXT,
    client_secret  TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, purpose)
);
CREATE UNIQUE INDEX IF NOT EXISTS payment_attempts_provider_ref
    ON payment_attempts (provider_ref) WHERE provider_ref IS NOT NULL;

CREATE TABLE IF NOT EXISTS refunds (
    id                 UUID PRIMARY KEY,
    payment_attempt_id UUID NOT NULL REFERENCES payment_attempts (id),
    request_id         TEXT NOT NULL,
    amount_cents       BIGINT NOT NULL CHECK (amount_cents > 0),
    status             TEXT NOT NULL,
    provider_ref       TEXT,
    reason             TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (payment_attempt_id, request_id)
);

-- Fees are charged at most once per appointment in practice, but finance wanted
-- failed attempts kept as history, so there is no uniqueness on appointment_id.
CREATE TABLE IF NOT EXISTS no_show_fees (
    id             TEXT PRIMARY KEY,
    appointment_id UUID NOT NULL REFERENCES appointments (id),
    amount_cents   BIGINT NOT NULL,
    status         TEXT NOT NULL,
    provider_ref   TEXT,
    failure_reason TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS no_show_fees_appointment_idx ON no_show_fees (appointment_id);

CREATE TABLE IF NOT EXISTS stripe_events (
    event_id    TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS receipts (
    id                 TEXT PRIMARY KEY,
    appointment_id     UUID NOT NULL REFERENCES appointments (id),
    payment_attempt_id UUID NOT NULL UNIQUE REFERENCES payment_attempts (id),
    number             TEXT NOT NULL UNIQUE,
    amount_cents       BIGINT NOT NULL,
    issued_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS patient_credits (
    id           TEXT PRIMARY KEY,
    patient_id   UUID NOT NULL REFERENCES patients (id),
    amount_cents BIGINT NOT NULL,
    reason       TEXT NOT NULL,
    request_key  TEXT NOT NULL,
    granted_by   TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS patient_credits_request_key_idx ON patient_credits (request_key);
CREATE INDEX IF NOT EXISTS patient_credits_patient_idx ON patient_credits (patient_id, created_at);
