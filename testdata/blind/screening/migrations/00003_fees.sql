-- +goose Up
CREATE TABLE fee_charges (
    id                       TEXT PRIMARY KEY,
    application_id           TEXT NOT NULL UNIQUE REFERENCES applications(id),
    amount_cents             BIGINT NOT NULL,
    currency                 TEXT NOT NULL DEFAULT 'usd',
    payment_method_id        TEXT NOT NULL,
    stripe_payment_intent_id TEXT UNIQUE,
    status                   TEXT NOT NULL DEFAULT 'pending',
    failure_message          TEXT,
    refunded_cents           BIGINT NOT NULL DEFAULT 0,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fee_refunds (
    id               TEXT PRIMARY KEY,
    fee_charge_id    TEXT NOT NULL REFERENCES fee_charges(id),
    amount_cents     BIGINT NOT NULL,
    reason           TEXT NOT NULL,
    request_key      TEXT NOT NULL,
    stripe_refund_id TEXT UNIQUE,
    status           TEXT NOT NULL DEFAULT 'pending',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (fee_charge_id, request_key)
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE fee_refunds;
DROP TABLE fee_charges;
