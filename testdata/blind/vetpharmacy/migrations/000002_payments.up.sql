CREATE TABLE payments (
    id                       TEXT PRIMARY KEY,
    order_id                 TEXT NOT NULL UNIQUE REFERENCES orders (id),
    stripe_payment_intent_id TEXT NOT NULL UNIQUE,
    status                   TEXT NOT NULL,
    amount_cents             BIGINT NOT NULL,
    amount_refunded_cents    BIGINT NOT NULL DEFAULT 0,
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per call to the card processor; this table is expected to grow on
-- every retry and is what support looks at when an owner says "I was charged".
CREATE TABLE payment_attempts (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES orders (id),
    idempotency_key TEXT NOT NULL,
    outcome         TEXT NOT NULL,
    error_message   TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    payment_id       TEXT NOT NULL REFERENCES payments (id),
    stripe_refund_id TEXT NOT NULL UNIQUE,
    amount_cents     BIGINT NOT NULL,
    reason           TEXT NOT NULL,
    status           TEXT NOT NULL,
    created_by       TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES orders (id),
    entry_type   TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    reference    TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
