CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE accounts (
    id                     UUID PRIMARY KEY,
    email                  TEXT NOT NULL UNIQUE,
    phone                  TEXT NOT NULL DEFAULT '',
    stripe_customer_id     TEXT NOT NULL DEFAULT '',
    default_payment_method TEXT NOT NULL DEFAULT '',
    fleet_webhook_url      TEXT,
    fleet_webhook_token    TEXT,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE vehicles (
    id         UUID PRIMARY KEY,
    account_id UUID NOT NULL REFERENCES accounts(id),
    plate      TEXT NOT NULL,
    country    TEXT NOT NULL DEFAULT 'NL',
    nickname   TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT vehicles_account_plate_key UNIQUE (account_id, plate)
);

CREATE TABLE zones (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    rate_cents_hour  BIGINT NOT NULL,
    max_stay_minutes INT NOT NULL DEFAULT 240,
    permit_zone      BOOLEAN NOT NULL DEFAULT false
);

CREATE TABLE notification_prefs (
    account_id       UUID PRIMARY KEY REFERENCES accounts(id),
    sms_reminders    BOOLEAN NOT NULL DEFAULT true,
    reminder_minutes INT NOT NULL DEFAULT 10,
    fine_alerts      BOOLEAN NOT NULL DEFAULT true,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    account_id    UUID NOT NULL,
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    resource_id   UUID,
    response_code INT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, scope, key)
);
