-- Copays, refunds, patient wallet, clinician payouts and billing lines.

CREATE TABLE copays (
    id                        UUID PRIMARY KEY,
    appointment_id            UUID NOT NULL UNIQUE REFERENCES appointments(id),
    patient_id                UUID NOT NULL REFERENCES patients(id),
    amount_cents              BIGINT NOT NULL,
    currency                  TEXT NOT NULL DEFAULT 'usd',
    status                    TEXT NOT NULL DEFAULT 'pending',
    idempotency_key           TEXT NOT NULL,
    stripe_payment_intent_id  TEXT UNIQUE,
    failure_code              TEXT,
    attempts                  INT NOT NULL DEFAULT 0,
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE copay_refunds (
    id                UUID PRIMARY KEY,
    copay_id          UUID NOT NULL UNIQUE REFERENCES copays(id),
    reason            TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    idempotency_key   TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    stripe_refund_id  TEXT,
    requested_by      TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE patient_wallets (
    patient_id     UUID PRIMARY KEY REFERENCES patients(id),
    balance_cents  BIGINT NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE wallet_entries (
    id            TEXT PRIMARY KEY,
    patient_id    UUID NOT NULL REFERENCES patients(id),
    amount_cents  BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    reference     TEXT,
    created_by    TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX wallet_entries_patient ON wallet_entries (patient_id, created_at DESC);

CREATE TABLE clinician_payouts (
    clinician_id      UUID NOT NULL REFERENCES clinicians(id),
    period            TEXT NOT NULL,
    visits_completed  INT NOT NULL DEFAULT 0,
    accrued_cents     BIGINT NOT NULL DEFAULT 0,
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (clinician_id, period)
);

CREATE TABLE billing_lines (
    id              TEXT PRIMARY KEY,
    appointment_id  UUID NOT NULL REFERENCES appointments(id),
    code            TEXT NOT NULL,
    units           INT NOT NULL DEFAULT 1,
    amount_cents    BIGINT NOT NULL,
    source          TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX billing_lines_appointment ON billing_lines (appointment_id);

CREATE TABLE stripe_events (
    id           TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
