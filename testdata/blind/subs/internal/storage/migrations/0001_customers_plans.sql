-- 0001: customers, plans, subscriptions and sign-ups

CREATE TABLE customers (
    id                  TEXT PRIMARY KEY,
    email               TEXT        NOT NULL,
    name                TEXT        NOT NULL DEFAULT '',
    stripe_customer_id  TEXT,
    balance_cents       BIGINT      NOT NULL DEFAULT 0,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_stripe_customer_id_key ON customers (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

CREATE TABLE plans (
    id                  TEXT PRIMARY KEY,
    name                TEXT        NOT NULL,
    currency            TEXT        NOT NULL DEFAULT 'usd',
    amount_cents        BIGINT      NOT NULL,
    billing_interval    TEXT        NOT NULL DEFAULT 'month',
    usage_metric        TEXT,
    unit_price_micros   BIGINT      NOT NULL DEFAULT 0,
    included_units      BIGINT      NOT NULL DEFAULT 0,
    alert_threshold_pct INT         NOT NULL DEFAULT 80,
    active              BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    id                    TEXT PRIMARY KEY,
    customer_id           TEXT        NOT NULL REFERENCES customers (id),
    plan_id               TEXT        NOT NULL REFERENCES plans (id),
    status                TEXT        NOT NULL,
    current_period_start  TIMESTAMPTZ NOT NULL,
    current_period_end    TIMESTAMPTZ NOT NULL,
    cancel_at_period_end  BOOLEAN     NOT NULL DEFAULT FALSE,
    canceled_at           TIMESTAMPTZ,
    version               INT         NOT NULL DEFAULT 1,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_customer_id_idx ON subscriptions (customer_id);

-- Caller-supplied idempotency keys for the public API.
CREATE TABLE idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    request_hash   TEXT        NOT NULL,
    resource_id    TEXT,
    response_code  INT,
    response_body  JSONB,
    completed_at   TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Pending sign-ups: one row per (idempotency scope, key) attempt.
CREATE TABLE signups (
    id               TEXT PRIMARY KEY,
    customer_id      TEXT        NOT NULL REFERENCES customers (id),
    subscription_id  TEXT        NOT NULL REFERENCES subscriptions (id),
    payment_method   TEXT        NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'pending',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at     TIMESTAMPTZ
);
