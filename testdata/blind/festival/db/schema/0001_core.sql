-- +goose Up
CREATE TABLE attendees (
    id                    UUID PRIMARY KEY,
    email                 TEXT NOT NULL UNIQUE,
    phone                 TEXT NOT NULL DEFAULT '',
    full_name             TEXT NOT NULL,
    refund_iban           TEXT,
    refund_holder         TEXT,
    refund_notice_sent_at TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
    id             UUID PRIMARY KEY,
    attendee_id    UUID NOT NULL REFERENCES attendees (id),
    currency       TEXT NOT NULL DEFAULT 'EUR',
    balance_cents  BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    reserved_cents BIGINT NOT NULL DEFAULT 0 CHECK (reserved_cents >= 0),
    card_token     TEXT,
    autoreload_threshold_cents BIGINT,
    autoreload_amount_cents    BIGINT,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (attendee_id)
);

CREATE TABLE wristbands (
    uid           TEXT PRIMARY KEY,
    attendee_id   UUID REFERENCES attendees (id),
    wallet_id     UUID REFERENCES wallets (id),
    status        TEXT NOT NULL DEFAULT 'registered'
                  CHECK (status IN ('registered', 'active', 'lost', 'replaced', 'blocked')),
    replaced_by   TEXT REFERENCES wristbands (uid),
    registered_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    activated_at  TIMESTAMPTZ
);

CREATE INDEX wristbands_wallet_idx ON wristbands (wallet_id);

CREATE TABLE ledger_entries (
    id           TEXT PRIMARY KEY,
    wallet_id    UUID NOT NULL REFERENCES wallets (id),
    kind         TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    reference    TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_wallet_idx ON ledger_entries (wallet_id, created_at);

CREATE TABLE idempotency_keys (
    scope       TEXT NOT NULL,
    key         TEXT NOT NULL,
    resource_id TEXT NOT NULL DEFAULT '',
    status_code INT NOT NULL DEFAULT 0,
    response    BYTEA,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
