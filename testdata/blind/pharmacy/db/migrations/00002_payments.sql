-- +goose Up
-- +goose StatementBegin
CREATE TABLE idempotency_keys (
    scope           TEXT        NOT NULL,
    key             TEXT        NOT NULL,
    request_hash    TEXT        NOT NULL,
    resource_id     TEXT,
    response_status INTEGER,
    response_body   JSONB,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at    TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

CREATE TABLE payments (
    id                       TEXT PRIMARY KEY,
    order_id                 UUID        NOT NULL REFERENCES orders (id),
    idempotency_key          TEXT,
    source                   TEXT        NOT NULL,
    amount_cents             BIGINT      NOT NULL,
    currency                 TEXT        NOT NULL,
    status                   TEXT        NOT NULL DEFAULT 'pending',
    stripe_payment_intent_id TEXT,
    failure_code             TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payments_order_idx ON payments (order_id);
CREATE UNIQUE INDEX payments_intent_key ON payments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;

CREATE TABLE refunds (
    id               UUID PRIMARY KEY,
    payment_id       TEXT        NOT NULL REFERENCES payments (id),
    order_id         UUID        NOT NULL REFERENCES orders (id),
    amount_cents     BIGINT      NOT NULL,
    reason           TEXT        NOT NULL,
    stripe_refund_id TEXT        NOT NULL,
    status           TEXT        NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    provider    TEXT        NOT NULL,
    event_id    TEXT        NOT NULL,
    event_type  TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE webhook_events;
DROP TABLE refunds;
DROP TABLE payments;
DROP TABLE idempotency_keys;
-- +goose StatementEnd
