-- +goose Up
CREATE TABLE members (
    id                  TEXT PRIMARY KEY,
    email               TEXT NOT NULL UNIQUE,
    full_name           TEXT NOT NULL,
    phone               TEXT,
    cardpay_customer_id TEXT,
    payment_method_id   TEXT,
    credit_cents        BIGINT NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
    newsletter_opt_in   BOOLEAN NOT NULL DEFAULT TRUE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE plans (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    box_size     TEXT NOT NULL CHECK (box_size IN ('small', 'medium', 'large', 'family')),
    price_cents  BIGINT NOT NULL CHECK (price_cents > 0),
    active       BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE pickup_points (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    address           TEXT NOT NULL,
    capacity_per_week INT  NOT NULL CHECK (capacity_per_week > 0),
    active            BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE subscriptions (
    id              TEXT PRIMARY KEY,
    member_id       TEXT NOT NULL REFERENCES members (id),
    plan_id         TEXT NOT NULL REFERENCES plans (id),
    pickup_point_id TEXT NOT NULL REFERENCES pickup_points (id),
    status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'cancelled')),
    starts_on       DATE NOT NULL,
    cancelled_at    TIMESTAMPTZ,
    cancel_reason   TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_member_idx ON subscriptions (member_id);

CREATE TABLE week_skips (
    id              TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    week_start      DATE NOT NULL,
    reason          TEXT,
    credited_at     TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (subscription_id, week_start)
);

-- Request keys claimed inside the transaction of the request's effect.
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    idem_key        TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    response_status INT,
    response_body   JSONB,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

-- Response replay cache used by the HTTP middleware.
CREATE TABLE idempotency_responses (
    scope           TEXT NOT NULL,
    idem_key        TEXT NOT NULL,
    response_status INT NOT NULL,
    response_body   JSONB NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

CREATE TABLE outbox (
    id           TEXT PRIMARY KEY,
    topic        TEXT NOT NULL,
    event_key    TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

-- +goose Down
DROP TABLE outbox;
DROP TABLE idempotency_responses;
DROP TABLE idempotency_keys;
DROP TABLE week_skips;
DROP TABLE subscriptions;
DROP TABLE pickup_points;
DROP TABLE plans;
DROP TABLE members;
