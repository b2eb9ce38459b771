-- +goose Up
CREATE TABLE keg_deposit_ledger (
    id               UUID PRIMARY KEY,
    account_id       TEXT        NOT NULL REFERENCES accounts (id),
    kind             TEXT        NOT NULL CHECK (kind IN ('charge', 'refund', 'adjustment')),
    package          TEXT        NOT NULL,
    keg_count        INTEGER     NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    delivery_id      UUID,
    return_id        TEXT,
    idempotency_key  TEXT,
    memo             TEXT        NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX keg_deposit_ledger_idem_uniq
    ON keg_deposit_ledger (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX keg_deposit_ledger_account_idx ON keg_deposit_ledger (account_id, created_at);

CREATE TABLE account_keg_balances (
    account_id      TEXT    NOT NULL REFERENCES accounts (id),
    package         TEXT    NOT NULL,
    kegs_out        INTEGER NOT NULL DEFAULT 0,
    deposit_cents   BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, package)
);

CREATE TABLE keg_returns (
    id             TEXT PRIMARY KEY,
    account_id     TEXT        NOT NULL REFERENCES accounts (id),
    pickup_ref     TEXT        NOT NULL,
    package        TEXT        NOT NULL,
    keg_count      INTEGER     NOT NULL CHECK (keg_count > 0),
    picked_up_at   TIMESTAMPTZ NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT keg_returns_pickup_uniq UNIQUE (pickup_ref, package)
);

CREATE TABLE keg_refunds (
    id                 UUID PRIMARY KEY,
    return_id          TEXT        NOT NULL REFERENCES keg_returns (id),
    account_id         TEXT        NOT NULL,
    amount_cents       BIGINT      NOT NULL,
    status             TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    provider_credit_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at            TIMESTAMPTZ,
    CONSTRAINT keg_refunds_return_uniq UNIQUE (return_id)
);

CREATE TABLE keg_fleet (
    package      TEXT PRIMARY KEY,
    at_brewery   INTEGER NOT NULL DEFAULT 0,
    dirty        INTEGER NOT NULL DEFAULT 0,
    in_trade     INTEGER NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE keg_fleet;
DROP TABLE keg_refunds;
DROP TABLE keg_returns;
DROP TABLE account_keg_balances;
DROP TABLE keg_deposit_ledger;
