-- +migrate Up

CREATE TABLE players (
    id             TEXT PRIMARY KEY,
    email          TEXT NOT NULL UNIQUE,
    phone          TEXT,
    country        CHAR(2) NOT NULL,
    currency       CHAR(3) NOT NULL DEFAULT 'EUR',
    status         TEXT NOT NULL DEFAULT 'active',
    affiliate_id   TEXT,
    registered_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
    player_id      TEXT PRIMARY KEY REFERENCES players(id),
    currency       CHAR(3) NOT NULL,
    cash_balance   BIGINT NOT NULL DEFAULT 0,
    bonus_balance  BIGINT NOT NULL DEFAULT 0,
    reserved       BIGINT NOT NULL DEFAULT 0,
    version        BIGINT NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT wallets_cash_non_negative CHECK (cash_balance >= 0),
    CONSTRAINT wallets_reserved_within_cash CHECK (reserved >= 0 AND reserved <= cash_balance)
);

-- Append-only journal. Every balance change on wallets has exactly one row here.
CREATE TABLE ledger_entries (
    id             BIGSERIAL PRIMARY KEY,
    player_id      TEXT NOT NULL REFERENCES players(id),
    pocket         TEXT NOT NULL CHECK (pocket IN ('cash', 'bonus', 'reserved')),
    amount         BIGINT NOT NULL,
    entry_type     TEXT NOT NULL,
    ref_type       TEXT NOT NULL,
    ref_id         TEXT NOT NULL,
    balance_after  BIGINT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_player_idx ON ledger_entries (player_id, created_at DESC);
CREATE INDEX ledger_entries_ref_idx ON ledger_entries (ref_type, ref_id);

-- Request keys for mutating RPCs, scoped per RPC.
CREATE TABLE idempotency_keys (
    scope          TEXT NOT NULL,
    key            TEXT NOT NULL,
    player_id      TEXT NOT NULL,
    response       JSONB,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Consumer bookkeeping for Kafka handlers.
CREATE TABLE processed_events (
    consumer       TEXT NOT NULL,
    event_id       TEXT NOT NULL,
    processed_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE adjustments (
    id             TEXT PRIMARY KEY,
    player_id      TEXT NOT NULL REFERENCES players(id),
    amount         BIGINT NOT NULL,
    pocket         TEXT NOT NULL,
    reason         TEXT NOT NULL,
    ticket         TEXT,
    operator       TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
    id             TEXT PRIMARY KEY,
    actor          TEXT NOT NULL,
    action         TEXT NOT NULL,
    target_type    TEXT NOT NULL,
    target_id      TEXT NOT NULL,
    detail         JSONB,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id             BIGSERIAL PRIMARY KEY,
    event_id       TEXT NOT NULL UNIQUE,
    topic          TEXT NOT NULL,
    partition_key  TEXT NOT NULL,
    event_type     TEXT NOT NULL,
    payload        JSONB NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at   TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;

-- +migrate Down
DROP TABLE outbox;
DROP TABLE audit_log;
DROP TABLE adjustments;
DROP TABLE processed_events;
DROP TABLE idempotency_keys;
DROP TABLE ledger_entries;
DROP TABLE wallets;
DROP TABLE players;
