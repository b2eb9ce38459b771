-- +goose Up
CREATE TABLE bank_accounts (
    id                      TEXT PRIMARY KEY,
    freelancer_id           TEXT NOT NULL,
    provider_recipient_id   TEXT NOT NULL UNIQUE,
    holder_name             TEXT NOT NULL,
    last4                   TEXT NOT NULL,
    country                 CHAR(2) NOT NULL,
    currency                CHAR(3) NOT NULL,
    is_default              BOOLEAN NOT NULL DEFAULT false,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX bank_accounts_freelancer_idx ON bank_accounts (freelancer_id);
CREATE UNIQUE INDEX bank_accounts_one_default_idx ON bank_accounts (freelancer_id) WHERE is_default;

CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    freelancer_id       TEXT NOT NULL,
    bank_account_id     TEXT NOT NULL REFERENCES bank_accounts (id),
    request_key         TEXT NOT NULL,
    amount_minor        BIGINT NOT NULL CHECK (amount_minor > 0),
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL,
    idempotency_key     TEXT NOT NULL,
    provider_payout_id  TEXT,
    failure_reason      TEXT,
    submitted_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (freelancer_id, request_key)
);

CREATE INDEX payouts_status_idx ON payouts (status, submitted_at);

-- Append-only log of every call we made to the payouts provider for a payout.
CREATE TABLE payout_attempts (
    id              UUID PRIMARY KEY,
    payout_id       TEXT NOT NULL REFERENCES payouts (id),
    kind            TEXT NOT NULL,
    provider_status TEXT,
    error           TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payout_attempts_payout_idx ON payout_attempts (payout_id, created_at);

-- +goose Down
DROP TABLE payout_attempts;
DROP TABLE payouts;
DROP TABLE bank_accounts;
