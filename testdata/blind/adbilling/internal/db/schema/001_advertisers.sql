-- Advertisers and their prepaid balances.
CREATE TABLE advertisers (
    id                       TEXT PRIMARY KEY,
    external_account_id      TEXT        NOT NULL,
    name                     TEXT        NOT NULL,
    billing_email            TEXT        NOT NULL,
    currency                 CHAR(3)     NOT NULL DEFAULT 'EUR',
    status                   TEXT        NOT NULL DEFAULT 'active'
                             CHECK (status IN ('active', 'closed')),
    balance_micros           BIGINT      NOT NULL DEFAULT 0,
    auto_recharge_enabled    BOOLEAN     NOT NULL DEFAULT FALSE,
    auto_recharge_threshold  BIGINT      NOT NULL DEFAULT 0,
    auto_recharge_amount     BIGINT      NOT NULL DEFAULT 0,
    default_payment_method   TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at                TIMESTAMPTZ,
    CONSTRAINT advertisers_external_account_uq UNIQUE (external_account_id)
);

-- Every balance movement, append-only.
CREATE TABLE balance_ledger (
    id              TEXT PRIMARY KEY,
    advertiser_id   TEXT        NOT NULL REFERENCES advertisers (id),
    entry_type      TEXT        NOT NULL,
    amount_micros   BIGINT      NOT NULL,
    reference       TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX balance_ledger_advertiser_idx ON balance_ledger (advertiser_id, created_at);
