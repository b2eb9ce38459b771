-- +goose Up
CREATE TABLE customers (
    id                    UUID PRIMARY KEY,
    email                 TEXT        NOT NULL,
    phone                 TEXT        NOT NULL,
    full_name             TEXT        NOT NULL,
    payment_customer_ref  TEXT,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT customers_email_key UNIQUE (email)
);

CREATE TABLE plans (
    code                  TEXT PRIMARY KEY,
    name                  TEXT    NOT NULL,
    monthly_price_cents   BIGINT  NOT NULL CHECK (monthly_price_cents > 0),
    currency              CHAR(3) NOT NULL,
    included_km           INTEGER NOT NULL,
    overage_cents_per_km  BIGINT  NOT NULL,
    min_term_months       INTEGER NOT NULL DEFAULT 3,
    active                BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE vehicles (
    id           UUID PRIMARY KEY,
    vin          TEXT        NOT NULL UNIQUE,
    make         TEXT        NOT NULL,
    model        TEXT        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'available'
                 CHECK (status IN ('available', 'reserved', 'on_subscription', 'maintenance', 'retired')),
    odometer_km  INTEGER     NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    id                UUID PRIMARY KEY,
    customer_id       UUID        NOT NULL REFERENCES customers (id),
    plan_code         TEXT        NOT NULL REFERENCES plans (code),
    vehicle_id        UUID        REFERENCES vehicles (id),
    status            TEXT        NOT NULL
                      CHECK (status IN ('pending', 'active', 'paused', 'past_due', 'cancelled')),
    delivery_address  TEXT        NOT NULL,
    start_date        DATE        NOT NULL,
    paid_through      DATE,
    odometer_km       INTEGER     NOT NULL DEFAULT 0,
    cancelled_at      TIMESTAMPTZ,
    cancel_reason     TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A vehicle can only be on one live subscription at a time.
CREATE UNIQUE INDEX subscriptions_live_vehicle_uniq
    ON subscriptions (vehicle_id)
    WHERE vehicle_id IS NOT NULL AND status <> 'cancelled';

CREATE INDEX subscriptions_customer_idx ON subscriptions (customer_id);
CREATE INDEX subscriptions_renewal_idx ON subscriptions (paid_through) WHERE status IN ('active', 'past_due');

CREATE TABLE idempotency_keys (
    scope       TEXT        NOT NULL,
    key         TEXT        NOT NULL,
    response    JSONB       NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE audit_log (
    id          UUID PRIMARY KEY,
    actor       TEXT        NOT NULL,
    action      TEXT        NOT NULL,
    target      TEXT        NOT NULL,
    request_id  TEXT,
    detail      JSONB,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX audit_log_target_idx ON audit_log (target, created_at);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE idempotency_keys;
DROP TABLE subscriptions;
DROP TABLE vehicles;
DROP TABLE plans;
DROP TABLE customers;
