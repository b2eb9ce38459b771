-- +goose Up
CREATE TABLE payments (
    order_id     uuid PRIMARY KEY REFERENCES orders (id),
    intent_id    text NOT NULL,
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    status       text NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Durable intents for card-processor calls; id is sent as the Idempotency-Key.
CREATE TABLE payment_operations (
    id           uuid PRIMARY KEY,
    order_id     uuid NOT NULL REFERENCES orders (id),
    kind         text NOT NULL,
    amount_cents bigint NOT NULL,
    status       text NOT NULL DEFAULT 'pending',
    provider_ref text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, kind)
);

CREATE TABLE refunds (
    order_id     uuid NOT NULL REFERENCES orders (id),
    reason       text NOT NULL,
    amount_cents bigint NOT NULL,
    status       text NOT NULL DEFAULT 'pending',
    provider_ref text NOT NULL DEFAULT '',
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, reason)
);

CREATE TABLE invoices (
    id           text PRIMARY KEY,
    number       text NOT NULL,
    order_id     uuid NOT NULL REFERENCES orders (id),
    total_cents  bigint NOT NULL,
    extra_cents  bigint NOT NULL DEFAULT 0,
    charge_ref   text NOT NULL DEFAULT '',
    status       text NOT NULL DEFAULT 'issued',
    issued_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_order_idx ON invoices (order_id);

CREATE TABLE customer_credit_ledger (
    id           bigserial PRIMARY KEY,
    customer_id  uuid NOT NULL REFERENCES customers (id),
    order_id     uuid,
    amount_cents bigint NOT NULL,
    reason       text NOT NULL,
    at           timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE customer_credit_ledger;
DROP TABLE invoices;
DROP TABLE refunds;
DROP TABLE payment_operations;
DROP TABLE payments;
