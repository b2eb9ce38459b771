-- Exam fees, refunds and payment-provider bookkeeping.

CREATE TABLE IF NOT EXISTS payments (
    registration_id  UUID PRIMARY KEY REFERENCES registrations (id),
    intent_id        TEXT NOT NULL,
    amount_minor     BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    status           TEXT NOT NULL,  -- requires_payment | succeeded | refunded | failed
    client_secret    TEXT,
    receipt_number   TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS payments_intent_uq ON payments (intent_id);

-- One row per attempt to create or confirm an intent; support uses it to
-- reconstruct what the candidate saw.
CREATE TABLE IF NOT EXISTS payment_attempts (
    id               UUID PRIMARY KEY,
    registration_id  UUID NOT NULL REFERENCES registrations (id),
    intent_id        TEXT,
    outcome          TEXT NOT NULL,
    error_code       TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS payment_attempts_registration_idx ON payment_attempts (registration_id, created_at);

CREATE TABLE IF NOT EXISTS refunds (
    id               UUID PRIMARY KEY,
    registration_id  UUID NOT NULL REFERENCES registrations (id),
    stripe_refund_id TEXT NOT NULL,
    amount_minor     BIGINT NOT NULL,
    reason           TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS refunds_registration_idx ON refunds (registration_id);

-- Refunds owed because the centre cancelled the session; drained by the refund worker.
CREATE TABLE IF NOT EXISTS refund_requests (
    id               UUID PRIMARY KEY,
    registration_id  UUID NOT NULL REFERENCES registrations (id),
    amount_minor     BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    reason           TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending', -- pending | done | failed
    stripe_refund_id TEXT,
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS refund_requests_registration_uq ON refund_requests (registration_id);
CREATE INDEX IF NOT EXISTS refund_requests_pending_idx ON refund_requests (status, created_at);

CREATE TABLE IF NOT EXISTS stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
