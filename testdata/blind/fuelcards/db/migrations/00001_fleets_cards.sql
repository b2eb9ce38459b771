-- +goose Up
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE fleets (
    id                    uuid PRIMARY KEY,
    name                  text        NOT NULL,
    network_account_id    text        NOT NULL UNIQUE,
    bank_account_ref      text        NOT NULL,
    rebate_method         text        NOT NULL DEFAULT 'bank'
                              CHECK (rebate_method IN ('bank', 'statement_credit')),
    rebate_rate_bps       integer     NOT NULL DEFAULT 0 CHECK (rebate_rate_bps >= 0),
    rebate_accrued_cents  bigint      NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE drivers (
    id               uuid PRIMARY KEY,
    fleet_id         uuid        NOT NULL REFERENCES fleets (id),
    full_name        text        NOT NULL,
    phone_e164       text        NOT NULL,
    employee_number  text,
    status           text        NOT NULL DEFAULT 'active'
                         CHECK (status IN ('active', 'inactive')),
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX drivers_fleet_idx ON drivers (fleet_id);

CREATE TABLE cards (
    id                   uuid PRIMARY KEY,
    fleet_id             uuid        NOT NULL REFERENCES fleets (id),
    driver_id            uuid        NOT NULL REFERENCES drivers (id),
    network_card_id      text        NOT NULL UNIQUE,
    last4                text        NOT NULL,
    status               text        NOT NULL
                             CHECK (status IN ('issued', 'active', 'suspended', 'replaced', 'closed')),
    daily_limit_cents    bigint      NOT NULL,
    per_txn_limit_cents  bigint      NOT NULL,
    spent_today_cents    bigint      NOT NULL DEFAULT 0,
    pending_cents        bigint      NOT NULL DEFAULT 0,
    replaced_by          uuid REFERENCES cards (id),
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX cards_driver_idx ON cards (driver_id);
CREATE INDEX cards_fleet_idx ON cards (fleet_id);

-- Responses replayed to API clients that resend an Idempotency-Key.
CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    status_code   integer     NOT NULL,
    response      jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE idempotency_keys;
DROP TABLE cards;
DROP TABLE drivers;
DROP TABLE fleets;
