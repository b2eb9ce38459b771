-- +goose Up
CREATE TABLE redemptions (
    id             TEXT PRIMARY KEY,
    card_id        TEXT NOT NULL REFERENCES cards (id),
    merchant_id    TEXT NOT NULL REFERENCES merchants (id),
    terminal_id    TEXT NOT NULL,
    pos_txn_id     TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL CHECK (amount_cents > 0),
    status         TEXT NOT NULL DEFAULT 'completed',
    settlement_id  TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    refunded_at    TIMESTAMPTZ
);

-- Terminals recycle their transaction counters after a reboot, so pos_txn_id
-- is only an index, not a key.
CREATE INDEX redemptions_pos_txn_idx ON redemptions (merchant_id, pos_txn_id);
CREATE INDEX redemptions_unsettled_idx ON redemptions (merchant_id, created_at) WHERE settlement_id IS NULL;

CREATE TABLE redemption_reversals (
    id             TEXT PRIMARY KEY,
    redemption_id  TEXT NOT NULL REFERENCES redemptions (id),
    merchant_id    TEXT NOT NULL,
    pos_txn_id     TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT redemption_reversals_txn_key UNIQUE (merchant_id, pos_txn_id)
);

CREATE TABLE loads (
    id                TEXT PRIMARY KEY,
    card_id           TEXT NOT NULL REFERENCES cards (id),
    terminal_id       TEXT,
    terminal_txn_ref  TEXT,
    source            TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL CHECK (amount_cents > 0),
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT loads_terminal_txn_key UNIQUE (terminal_id, terminal_txn_ref)
);

-- +goose Down
DROP TABLE loads;
DROP TABLE redemption_reversals;
DROP TABLE redemptions;
