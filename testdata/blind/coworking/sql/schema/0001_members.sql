-- +goose Up
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE companies (
    id             UUID PRIMARY KEY,
    name           TEXT NOT NULL,
    webhook_url    TEXT,
    webhook_secret TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE members (
    id                 UUID PRIMARY KEY,
    email              CITEXT NOT NULL UNIQUE,
    full_name          TEXT NOT NULL,
    phone              TEXT NOT NULL,
    company_id         UUID REFERENCES companies (id),
    stripe_customer_id TEXT,
    credit_minutes     INTEGER NOT NULL DEFAULT 0 CHECK (credit_minutes >= 0),
    no_show_count      INTEGER NOT NULL DEFAULT 0,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE credit_ledger (
    id            UUID PRIMARY KEY,
    member_id     UUID NOT NULL REFERENCES members (id),
    delta_minutes INTEGER NOT NULL,
    reason        TEXT NOT NULL,
    reference     TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX credit_ledger_member_idx ON credit_ledger (member_id, created_at);

-- +goose Down
DROP TABLE credit_ledger;
DROP TABLE members;
DROP TABLE companies;
