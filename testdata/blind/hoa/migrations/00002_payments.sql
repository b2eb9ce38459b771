-- +goose Up
CREATE TABLE payments (
    id           UUID PRIMARY KEY,
    account_id   UUID        NOT NULL REFERENCES owner_accounts (id),
    invoice_id   UUID REFERENCES invoices (id),
    method       TEXT        NOT NULL CHECK (method IN ('card', 'ach')),
    source       TEXT        NOT NULL CHECK (source IN ('portal', 'autopay', 'fine_autopay')),
    amount_cents BIGINT      NOT NULL CHECK (amount_cents > 0),
    provider_ref TEXT,
    status       TEXT        NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    failure_code TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_provider_ref ON payments (provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX payments_invoice ON payments (invoice_id) WHERE invoice_id IS NOT NULL;

-- One row per collection attempt, kept for support and dispute evidence.
CREATE TABLE payment_attempts (
    id           UUID PRIMARY KEY,
    invoice_id   UUID        NOT NULL REFERENCES invoices (id),
    attempt      INT         NOT NULL,
    method       TEXT        NOT NULL,
    outcome      TEXT        NOT NULL CHECK (outcome IN ('submitted', 'error')),
    provider_ref TEXT,
    error        TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payment_attempts_invoice ON payment_attempts (invoice_id, created_at);

CREATE TABLE payment_webhook_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT        NOT NULL,
    payload     JSONB       NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope      TEXT        NOT NULL,
    key        TEXT        NOT NULL,
    response   JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_messages (
    consumer     TEXT        NOT NULL,
    message_id   TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

-- +goose Down
DROP TABLE processed_messages;
DROP TABLE idempotency_keys;
DROP TABLE payment_webhook_events;
DROP TABLE payment_attempts;
DROP TABLE payments;
