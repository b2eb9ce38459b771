-- Payouts to customers, store credit and the internal ledger.

CREATE TABLE payouts (
    id                     UUID PRIMARY KEY,
    trade_in_id            UUID NOT NULL REFERENCES trade_ins (id),
    customer_id            UUID NOT NULL REFERENCES customers (id),
    payout_method_id       UUID NOT NULL REFERENCES customer_payout_methods (id),
    amount_cents           BIGINT NOT NULL,
    currency               TEXT NOT NULL DEFAULT 'USD',
    status                 TEXT NOT NULL DEFAULT 'pending',
    current_attempt        INTEGER NOT NULL DEFAULT 1,
    provider_transfer_id   TEXT,
    failure_reason         TEXT,
    paid_at                TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payouts_trade_in_key UNIQUE (trade_in_id),
    CONSTRAINT payouts_transfer_key UNIQUE (provider_transfer_id)
);

-- One row per submission attempt to the payouts provider.
CREATE TABLE payout_attempts (
    id                    TEXT PRIMARY KEY,
    payout_id             UUID NOT NULL REFERENCES payouts (id),
    attempt_no            INTEGER NOT NULL,
    idempotency_key       TEXT NOT NULL,
    status                TEXT NOT NULL DEFAULT 'created',
    provider_transfer_id  TEXT,
    error                 TEXT,
    requested_by          TEXT NOT NULL,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payout_attempts_no_key UNIQUE (payout_id, attempt_no),
    CONSTRAINT payout_attempts_idem_key UNIQUE (idempotency_key)
);

CREATE TABLE ledger_entries (
    id             TEXT PRIMARY KEY,
    account        TEXT NOT NULL,
    trade_in_id    UUID REFERENCES trade_ins (id),
    payout_id      UUID REFERENCES payouts (id),
    direction      TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    currency       TEXT NOT NULL DEFAULT 'USD',
    memo           TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, created_at);
CREATE INDEX ledger_entries_payout_idx ON ledger_entries (payout_id);

CREATE TABLE store_credit_accounts (
    customer_id    UUID PRIMARY KEY REFERENCES customers (id),
    balance_cents  BIGINT NOT NULL DEFAULT 0,
    currency       TEXT NOT NULL DEFAULT 'USD',
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
