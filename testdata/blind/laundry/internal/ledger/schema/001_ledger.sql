CREATE TABLE IF NOT EXISTS loyalty_accounts (
    customer_id           UUID PRIMARY KEY,
    balance_cents         BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    lifetime_earned_cents BIGINT NOT NULL DEFAULT 0,
    tier                  TEXT NOT NULL DEFAULT 'basic',
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- entry_key is set for entries that have a natural identity (one referral
-- bonus per referral, one expiry per account and month, ...). Earn and
-- redeem entries are keyed by the consumer inbox / request key instead.
CREATE TABLE IF NOT EXISTS ledger_entries (
    id           BIGSERIAL PRIMARY KEY,
    entry_key    TEXT UNIQUE,
    customer_id  UUID NOT NULL REFERENCES loyalty_accounts (customer_id),
    kind         TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    order_id     UUID,
    memo         TEXT,
    expires_at   TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS ledger_entries_customer_idx ON ledger_entries (customer_id, created_at);
CREATE INDEX IF NOT EXISTS ledger_entries_order_idx ON ledger_entries (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS ledger_inbox (
    consumer     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE IF NOT EXISTS gift_transfers (
    id              UUID PRIMARY KEY,
    sender_id       UUID NOT NULL,
    recipient_id    UUID NOT NULL,
    amount_cents    BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    message         TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (sender_id, idempotency_key)
);
