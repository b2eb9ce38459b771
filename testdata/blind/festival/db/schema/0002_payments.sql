-- +goose Up
CREATE TABLE topups (
    id            TEXT PRIMARY KEY,
    wallet_id     UUID NOT NULL REFERENCES wallets (id),
    channel       TEXT NOT NULL CHECK (channel IN ('online', 'booth', 'autoreload')),
    booth_id      TEXT,
    method        TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL CHECK (amount_cents > 0),
    status        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'authorised', 'succeeded', 'failed')),
    psp_reference TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX topups_psp_reference_key ON topups (psp_reference) WHERE psp_reference IS NOT NULL;

CREATE TABLE payment_events (
    psp_reference      TEXT NOT NULL,
    event_code         TEXT NOT NULL,
    merchant_reference TEXT NOT NULL,
    success            BOOLEAN NOT NULL,
    amount_cents       BIGINT NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (psp_reference, event_code)
);

CREATE TABLE refunds (
    id            UUID PRIMARY KEY,
    wallet_id     UUID NOT NULL REFERENCES wallets (id),
    attendee_id   UUID NOT NULL REFERENCES attendees (id),
    amount_cents  BIGINT NOT NULL CHECK (amount_cents > 0),
    iban          TEXT NOT NULL,
    holder        TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'submitted', 'paid', 'failed')),
    psp_reference TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at       TIMESTAMPTZ,
    UNIQUE (wallet_id)
);
