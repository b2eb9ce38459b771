CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE customers (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    msisdn                 text NOT NULL UNIQUE,
    email                  text,
    stripe_customer_id     text,
    default_payment_method text,
    loyalty_points         bigint NOT NULL DEFAULT 0,
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE topups (
    id                uuid PRIMARY KEY,
    customer_id       uuid REFERENCES customers (id),
    reseller_id       uuid,
    msisdn            text NOT NULL,
    operator          text NOT NULL,
    amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
    currency          text NOT NULL DEFAULT 'usd',
    idempotency_key   text,
    status            text NOT NULL DEFAULT 'pending',
    payment_intent_id text,
    carrier_txn_id    text,
    failure_reason    text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX topups_customer_idx ON topups (customer_id, created_at DESC);
CREATE INDEX topups_status_idx ON topups (status);

CREATE TABLE carrier_attempts (
    id          uuid PRIMARY KEY,
    topup_id    uuid NOT NULL REFERENCES topups (id),
    request_key text,
    http_status int,
    error       text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    topup_id         uuid NOT NULL REFERENCES topups (id),
    amount_cents     bigint NOT NULL,
    stripe_refund_id text,
    reason           text,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE autorecharge_settings (
    customer_id     uuid PRIMARY KEY REFERENCES customers (id),
    enabled         boolean NOT NULL DEFAULT false,
    threshold_cents bigint NOT NULL,
    amount_cents    bigint NOT NULL,
    operator        text NOT NULL,
    updated_at      timestamptz NOT NULL DEFAULT now()
);
