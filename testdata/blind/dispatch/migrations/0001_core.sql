-- Core entities: merchants, couriers, orders and their assignments.

CREATE TABLE IF NOT EXISTS merchants (
    id                 TEXT PRIMARY KEY,
    name               TEXT        NOT NULL,
    stripe_account_id  TEXT        NOT NULL DEFAULT '',
    webhook_url        TEXT        NOT NULL DEFAULT '',
    webhook_secret     TEXT        NOT NULL DEFAULT '',
    cod_balance_cents  BIGINT      NOT NULL DEFAULT 0,
    currency           TEXT        NOT NULL DEFAULT 'gbp',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS couriers (
    id          TEXT PRIMARY KEY,
    name        TEXT        NOT NULL,
    phone       TEXT        NOT NULL,
    push_token  TEXT        NOT NULL DEFAULT '',
    hub_id      TEXT        NOT NULL,
    status      TEXT        NOT NULL DEFAULT 'off_shift',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS orders (
    id                TEXT PRIMARY KEY,
    merchant_id       TEXT        NOT NULL REFERENCES merchants (id),
    external_ref      TEXT        NOT NULL,
    recipient_name    TEXT        NOT NULL,
    recipient_phone   TEXT        NOT NULL,
    pickup_address    TEXT        NOT NULL,
    dropoff_address   TEXT        NOT NULL,
    cod_amount_cents  BIGINT      NOT NULL DEFAULT 0,
    currency          TEXT        NOT NULL,
    status            TEXT        NOT NULL,
    courier_id        TEXT        REFERENCES couriers (id),
    reassign_count    INT         NOT NULL DEFAULT 0,
    failed_attempts   INT         NOT NULL DEFAULT 0,
    delivered_at      TIMESTAMPTZ,
    cancelled_at      TIMESTAMPTZ,
    cancel_reason     TEXT        NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT orders_merchant_external_ref_key UNIQUE (merchant_id, external_ref)
);
CREATE INDEX IF NOT EXISTS orders_courier_idx ON orders (courier_id) WHERE courier_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS order_events (
    id          BIGSERIAL PRIMARY KEY,
    order_id    TEXT        NOT NULL REFERENCES orders (id),
    type        TEXT        NOT NULL,
    payload     JSONB       NOT NULL DEFAULT '{}',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS order_events_order_idx ON order_events (order_id, created_at);

-- History of which courier held an order. At most one active row per order
-- is expected but not enforced, so the history can be backfilled.
CREATE TABLE IF NOT EXISTS courier_assignments (
    id           TEXT PRIMARY KEY,
    order_id     TEXT        NOT NULL REFERENCES orders (id),
    courier_id   TEXT        NOT NULL REFERENCES couriers (id),
    status       TEXT        NOT NULL,
    reason       TEXT        NOT NULL DEFAULT '',
    assigned_by  TEXT        NOT NULL DEFAULT '',
    assigned_at  TIMESTAMPTZ NOT NULL,
    released_at  TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS courier_assignments_order_idx ON courier_assignments (order_id, status);

CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    request_hash   TEXT        NOT NULL,
    response_code  INT         NOT NULL DEFAULT 0,
    response_body  JSONB,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at   TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS outbox (
    id            TEXT PRIMARY KEY,
    topic         TEXT        NOT NULL,
    key           TEXT        NOT NULL,
    payload       JSONB       NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;
