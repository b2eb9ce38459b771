CREATE TABLE IF NOT EXISTS payments (
    id                   UUID PRIMARY KEY,
    order_id             UUID NOT NULL REFERENCES orders (id),
    kind                 TEXT NOT NULL,
    op_id                TEXT NOT NULL UNIQUE,
    processor_payment_id TEXT UNIQUE,
    amount_cents         BIGINT NOT NULL,
    captured_cents       BIGINT NOT NULL DEFAULT 0,
    refunded_cents       BIGINT NOT NULL DEFAULT 0,
    currency             TEXT NOT NULL,
    status               TEXT NOT NULL,
    capture_op_id        TEXT UNIQUE,
    capture_attempts     INT NOT NULL DEFAULT 0,
    last_error           TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- one pre-authorisation and one tip per order; fees may repeat
CREATE UNIQUE INDEX IF NOT EXISTS payments_order_kind_uq
    ON payments (order_id, kind) WHERE kind IN ('preauth', 'tip');

CREATE TABLE IF NOT EXISTS refunds (
    id                  UUID PRIMARY KEY,
    processor_refund_id TEXT NOT NULL UNIQUE,
    payment_id          UUID NOT NULL REFERENCES payments (id),
    amount_cents        BIGINT NOT NULL,
    reason              TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS outbox (
    event_id     TEXT PRIMARY KEY,
    topic        TEXT NOT NULL,
    event_key    TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;
