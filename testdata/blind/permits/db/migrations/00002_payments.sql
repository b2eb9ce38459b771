-- +goose Up
CREATE TABLE fee_payments (
    id                 uuid PRIMARY KEY,
    application_id     text        NOT NULL REFERENCES applications (id),
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    currency           text        NOT NULL DEFAULT 'usd',
    payment_intent_id  text,
    status             text        NOT NULL DEFAULT 'pending',
    paid_at            timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT fee_payments_application_key UNIQUE (application_id)
);

CREATE UNIQUE INDEX fee_payments_intent_key ON fee_payments (payment_intent_id) WHERE payment_intent_id IS NOT NULL;

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    payment_id       uuid        NOT NULL REFERENCES fee_payments (id),
    request_key      text        NOT NULL,
    amount_cents     bigint      NOT NULL CHECK (amount_cents > 0),
    reason           text        NOT NULL,
    requested_by     uuid,
    stripe_refund_id text,
    status           text        NOT NULL DEFAULT 'pending',
    created_at       timestamptz NOT NULL DEFAULT now(),
    completed_at     timestamptz,
    CONSTRAINT refunds_payment_request_key UNIQUE (payment_id, request_key)
);

CREATE TABLE fee_ledger (
    id              uuid PRIMARY KEY,
    application_id  text,
    parking_permit_id text,
    entry_kind      text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    source_ref      text,
    memo            text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX fee_ledger_source_ref_key ON fee_ledger (entry_kind, source_ref) WHERE source_ref IS NOT NULL;

CREATE TABLE stripe_events (
    event_id      text PRIMARY KEY,
    event_type    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope            text        NOT NULL,
    key              text        NOT NULL,
    resident_id      uuid        NOT NULL,
    request_hash     text        NOT NULL DEFAULT '',
    resource_id      text,
    response_status  integer,
    response_body    bytea,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, resident_id, key)
);

-- +goose Down
DROP TABLE idempotency_keys;
DROP TABLE stripe_events;
DROP TABLE fee_ledger;
DROP TABLE refunds;
DROP TABLE fee_payments;
