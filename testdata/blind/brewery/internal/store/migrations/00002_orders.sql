-- +goose Up
CREATE TABLE orders (
    id                      UUID PRIMARY KEY,
    account_id              TEXT        NOT NULL REFERENCES accounts (id),
    source                  TEXT        NOT NULL CHECK (source IN ('portal', 'edi', 'sales_rep')),
    status                  TEXT        NOT NULL DEFAULT 'pending'
                            CHECK (status IN ('pending', 'confirmed', 'out_for_delivery', 'delivered', 'cancelled')),
    requested_delivery_date DATE        NOT NULL,
    subtotal_cents          BIGINT      NOT NULL DEFAULT 0,
    deposit_cents           BIGINT      NOT NULL DEFAULT 0,
    external_ref            TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    confirmed_at            TIMESTAMPTZ,
    cancelled_at            TIMESTAMPTZ
);

CREATE INDEX orders_account_idx ON orders (account_id, created_at DESC);

CREATE TABLE order_lines (
    order_id          UUID    NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    line_no           INTEGER NOT NULL,
    sku               TEXT    NOT NULL REFERENCES products (sku),
    qty               INTEGER NOT NULL CHECK (qty > 0),
    unit_price_cents  BIGINT  NOT NULL,
    deposit_cents     BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE idempotency_keys (
    scope           TEXT        NOT NULL,
    key             TEXT        NOT NULL,
    request_hash    TEXT        NOT NULL,
    response_status INTEGER,
    response_body   JSONB,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE outbox (
    id           TEXT PRIMARY KEY,
    subject      TEXT        NOT NULL,
    payload      JSONB       NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

-- +goose Down
DROP TABLE outbox;
DROP TABLE idempotency_keys;
DROP TABLE order_lines;
DROP TABLE orders;
