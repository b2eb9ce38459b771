-- +goose Up
CREATE TABLE accounts (
    id                      TEXT PRIMARY KEY,
    email                   TEXT NOT NULL UNIQUE,
    phone                   TEXT,
    display_name            TEXT NOT NULL,
    stripe_customer_id      TEXT,
    default_payment_method  TEXT,
    stripe_account_id       TEXT,
    webhook_url             TEXT,
    webhook_secret          TEXT,
    ship_name               TEXT,
    ship_line1              TEXT,
    ship_city               TEXT,
    ship_postcode           TEXT,
    ship_country            TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE lots (
    id               TEXT PRIMARY KEY,
    seller_id        TEXT NOT NULL REFERENCES accounts(id),
    title            TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    category         TEXT NOT NULL DEFAULT 'general',
    currency         TEXT NOT NULL DEFAULT 'usd',
    start_cents      BIGINT NOT NULL CHECK (start_cents > 0),
    reserve_cents    BIGINT NOT NULL DEFAULT 0,
    increment_cents  BIGINT NOT NULL DEFAULT 100,
    high_bid_cents   BIGINT NOT NULL DEFAULT 0,
    high_bidder_id   TEXT,
    weight_grams     INTEGER NOT NULL DEFAULT 0,
    status           TEXT NOT NULL DEFAULT 'draft',
    starts_at        TIMESTAMPTZ NOT NULL,
    ends_at          TIMESTAMPTZ NOT NULL,
    cancel_reason    TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX lots_seller_idx ON lots (seller_id, created_at DESC);
CREATE INDEX lots_status_ends_idx ON lots (status, ends_at);

CREATE TABLE lot_watchers (
    lot_id      TEXT NOT NULL REFERENCES lots(id),
    user_id     TEXT NOT NULL REFERENCES accounts(id),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (lot_id, user_id)
);

CREATE TABLE lot_questions (
    id          TEXT PRIMARY KEY,
    lot_id      TEXT NOT NULL REFERENCES lots(id),
    asker_id    TEXT NOT NULL REFERENCES accounts(id),
    client_ref  TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (lot_id, asker_id, client_ref)
);

CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    resource_id  TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE idempotency_keys;
DROP TABLE lot_questions;
DROP TABLE lot_watchers;
DROP TABLE lots;
DROP TABLE accounts;
