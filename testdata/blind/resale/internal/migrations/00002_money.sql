-- +goose Up
CREATE TABLE escrow_holds (
    id            TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL UNIQUE REFERENCES orders(id),
    seller_id     TEXT NOT NULL REFERENCES users(id),
    amount_cents  BIGINT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'held',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    released_at   TIMESTAMPTZ
);

CREATE TABLE seller_balances (
    seller_id        TEXT PRIMARY KEY REFERENCES users(id),
    pending_cents    BIGINT NOT NULL DEFAULT 0,
    available_cents  BIGINT NOT NULL DEFAULT 0,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    seller_id     TEXT NOT NULL REFERENCES users(id),
    order_id      TEXT REFERENCES orders(id),
    kind          TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_seller_idx ON ledger_entries (seller_id, created_at);

CREATE TABLE payouts (
    id            TEXT PRIMARY KEY,
    order_id      TEXT NOT NULL UNIQUE REFERENCES orders(id),
    seller_id     TEXT NOT NULL REFERENCES users(id),
    amount_cents  BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL,
    provider_ref  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE cashouts (
    id            TEXT PRIMARY KEY,
    seller_id     TEXT NOT NULL REFERENCES users(id),
    amount_cents  BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    provider_ref  TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL UNIQUE REFERENCES orders(id),
    amount_cents        BIGINT NOT NULL,
    provider_refund_id  TEXT UNIQUE,
    status              TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE disputes (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL UNIQUE REFERENCES orders(id),
    opened_by   TEXT NOT NULL REFERENCES users(id),
    reason      TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE settlement_batches (
    id           TEXT PRIMARY KEY,
    event_id     TEXT NOT NULL REFERENCES events(id),
    order_count  INT NOT NULL,
    gross_cents  BIGINT NOT NULL,
    fee_cents    BIGINT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE settlement_batches;
DROP TABLE disputes;
DROP TABLE refunds;
DROP TABLE cashouts;
DROP TABLE payouts;
DROP TABLE ledger_entries;
DROP TABLE seller_balances;
DROP TABLE escrow_holds;
