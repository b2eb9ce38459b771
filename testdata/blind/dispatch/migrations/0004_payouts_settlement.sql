-- Merchant payouts and settlements.

CREATE TABLE IF NOT EXISTS payouts (
    id                  TEXT PRIMARY KEY,
    merchant_id         TEXT        NOT NULL REFERENCES merchants (id),
    kind                TEXT        NOT NULL,
    reference           TEXT,
    settlement_id       TEXT UNIQUE,
    amount_cents        BIGINT      NOT NULL,
    currency            TEXT        NOT NULL,
    status              TEXT        NOT NULL,
    stripe_transfer_id  TEXT        NOT NULL DEFAULT '',
    failure_message     TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payouts_merchant_reference_key UNIQUE (merchant_id, reference)
);

CREATE TABLE IF NOT EXISTS instant_payout_requests (
    id                TEXT PRIMARY KEY,
    merchant_id       TEXT        NOT NULL REFERENCES merchants (id),
    amount_cents      BIGINT      NOT NULL,
    currency          TEXT        NOT NULL,
    status            TEXT        NOT NULL,
    stripe_payout_id  TEXT        NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS settlement_statements (
    settlement_id     TEXT PRIMARY KEY,
    merchant_id       TEXT        NOT NULL REFERENCES merchants (id),
    period_date       DATE        NOT NULL,
    collection_count  INT         NOT NULL,
    gross_cents       BIGINT      NOT NULL,
    fee_cents         BIGINT      NOT NULL,
    net_cents         BIGINT      NOT NULL,
    currency          TEXT        NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
