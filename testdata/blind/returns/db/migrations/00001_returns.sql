-- +goose Up
CREATE TABLE merchants (
    id              text PRIMARY KEY,
    name            text NOT NULL,
    support_email   text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE returns (
    id                  text PRIMARY KEY,
    merchant_id         text NOT NULL REFERENCES merchants (id),
    order_id            text NOT NULL,
    customer_id         text NOT NULL,
    customer_email      text NOT NULL,
    stripe_customer_id  text NOT NULL DEFAULT '',
    payment_intent_id   text NOT NULL DEFAULT '',
    currency            text NOT NULL DEFAULT 'usd',
    status              text NOT NULL,
    refund_method       text NOT NULL DEFAULT 'original_payment',
    refundable_cents    bigint NOT NULL DEFAULT 0,
    reason              text NOT NULL DEFAULT '',
    reminder_sent_at    timestamptz,
    expires_at          timestamptz NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX returns_merchant_created_idx ON returns (merchant_id, created_at DESC);
CREATE INDEX returns_status_expires_idx ON returns (status, expires_at);

CREATE TABLE return_items (
    id                text PRIMARY KEY,
    return_id         text NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
    order_line_id     text NOT NULL,
    sku               text NOT NULL,
    quantity          integer NOT NULL CHECK (quantity > 0),
    unit_price_cents  bigint NOT NULL,
    reason            text NOT NULL DEFAULT '',
    restocked_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (return_id, order_line_id)
);

-- Idempotency-Key header claims for mutating API calls.
CREATE TABLE idempotency_keys (
    scope            text NOT NULL,
    key              text NOT NULL,
    request_hash     text NOT NULL,
    resource_id      text NOT NULL DEFAULT '',
    response_status  integer,
    response_body    jsonb,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE exchanges (
    id               text PRIMARY KEY,
    return_id        text NOT NULL REFERENCES returns (id),
    replacement_sku  text NOT NULL,
    quantity         integer NOT NULL,
    status           text NOT NULL DEFAULT 'pending',
    created_at       timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE exchanges;
DROP TABLE idempotency_keys;
DROP TABLE return_items;
DROP TABLE returns;
DROP TABLE merchants;
