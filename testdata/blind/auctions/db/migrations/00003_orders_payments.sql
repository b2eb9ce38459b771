-- +goose Up
CREATE TABLE auction_results (
    lot_id          TEXT PRIMARY KEY REFERENCES lots(id),
    outcome         TEXT NOT NULL,
    winner_id       TEXT,
    winning_bid_id  TEXT,
    hammer_cents    BIGINT NOT NULL DEFAULT 0,
    closed_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE orders (
    id                 TEXT PRIMARY KEY,
    lot_id             TEXT NOT NULL UNIQUE REFERENCES lots(id),
    buyer_id           TEXT NOT NULL REFERENCES accounts(id),
    seller_id          TEXT NOT NULL REFERENCES accounts(id),
    currency           TEXT NOT NULL,
    hammer_cents       BIGINT NOT NULL,
    premium_cents      BIGINT NOT NULL,
    shipping_cents     BIGINT NOT NULL DEFAULT 0,
    total_cents        BIGINT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'awaiting_payment',
    payment_intent_id  TEXT,
    paid_at            TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_attempts (
    op_id              TEXT PRIMARY KEY,
    order_id           TEXT NOT NULL REFERENCES orders(id),
    amount_cents       BIGINT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id  TEXT,
    failure_code       TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_attempt_log (
    id          TEXT PRIMARY KEY,
    op_id       TEXT NOT NULL,
    event       TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    logged_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                TEXT PRIMARY KEY,
    order_id          TEXT NOT NULL REFERENCES orders(id),
    amount_cents      BIGINT NOT NULL,
    reason            TEXT NOT NULL,
    stripe_refund_id  TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE disputes (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL REFERENCES orders(id),
    opened_by   TEXT NOT NULL REFERENCES accounts(id),
    category    TEXT NOT NULL,
    details     TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT 'open',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE settlements (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL UNIQUE REFERENCES orders(id),
    ref         TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id            BIGSERIAL PRIMARY KEY,
    order_id      TEXT,
    account       TEXT NOT NULL,
    direction     TEXT NOT NULL CHECK (direction IN ('debit', 'credit')),
    amount_cents  BIGINT NOT NULL,
    memo          TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_id);

CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL UNIQUE REFERENCES orders(id),
    seller_id           TEXT NOT NULL REFERENCES accounts(id),
    amount_cents        BIGINT NOT NULL,
    stripe_transfer_id  TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE SEQUENCE invoice_number_seq START 100000;

CREATE TABLE invoices (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES orders(id),
    number       BIGINT NOT NULL,
    total_cents  BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    issued_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id      TEXT PRIMARY KEY,
    event_type    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE invoices;
DROP SEQUENCE invoice_number_seq;
DROP TABLE payouts;
DROP TABLE ledger_entries;
DROP TABLE settlements;
DROP TABLE disputes;
DROP TABLE refunds;
DROP TABLE payment_attempt_log;
DROP TABLE payment_attempts;
DROP TABLE orders;
DROP TABLE auction_results;
