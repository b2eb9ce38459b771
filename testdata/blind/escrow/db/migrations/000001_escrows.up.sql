-- Escrows hold a buyer's funds for one order until the seller is paid out.
CREATE TABLE escrows (
    id                 TEXT PRIMARY KEY,              -- ULID
    order_id           TEXT        NOT NULL,          -- not unique: an order may be re-escrowed after a cancellation
    buyer_id           TEXT        NOT NULL,
    seller_id          TEXT        NOT NULL,
    amount_cents       BIGINT      NOT NULL CHECK (amount_cents > 0),
    platform_fee_cents BIGINT      NOT NULL CHECK (platform_fee_cents >= 0),
    currency           TEXT        NOT NULL,
    status             TEXT        NOT NULL,
    payment_intent_id  TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX escrows_order_id_idx ON escrows (order_id);
CREATE INDEX escrows_seller_id_idx ON escrows (seller_id);

-- Append-only audit trail of escrow state changes.
CREATE TABLE escrow_events (
    id         UUID PRIMARY KEY,
    escrow_id  TEXT        NOT NULL REFERENCES escrows (id),
    kind       TEXT        NOT NULL,
    detail     JSONB       NOT NULL DEFAULT '{}'::jsonb,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE receipt_confirmations (
    id           TEXT PRIMARY KEY,                    -- ULID
    escrow_id    TEXT        NOT NULL REFERENCES escrows (id),
    buyer_id     TEXT        NOT NULL,
    confirmed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Stripe webhook events already applied.
CREATE TABLE stripe_events (
    event_id    TEXT PRIMARY KEY,
    type        TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Transfers of released funds to the seller's connected account.
CREATE TABLE release_transfers (
    id                 TEXT PRIMARY KEY,              -- operation id, also the Stripe idempotency key
    escrow_id          TEXT        NOT NULL UNIQUE REFERENCES escrows (id),
    seller_id          TEXT        NOT NULL,
    destination        TEXT        NOT NULL,
    amount_cents       BIGINT      NOT NULL,
    currency           TEXT        NOT NULL,
    status             TEXT        NOT NULL,
    stripe_transfer_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at       TIMESTAMPTZ
);

CREATE INDEX release_transfers_completed_idx ON release_transfers (completed_at) WHERE status = 'completed';
