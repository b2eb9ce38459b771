CREATE TABLE seller_accounts (
    seller_id         TEXT PRIMARY KEY,
    stripe_account_id TEXT    NOT NULL UNIQUE,
    phone             TEXT    NOT NULL,
    payouts_enabled   BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE payout_batches (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_date DATE        NOT NULL,
    status     TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payout_batches_batch_date_idx ON payout_batches (batch_date);

CREATE TABLE payout_items (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id          BIGINT      NOT NULL REFERENCES payout_batches (id),
    seller_id         TEXT        NOT NULL,
    stripe_account_id TEXT        NOT NULL,
    amount_cents      BIGINT      NOT NULL,
    currency          TEXT        NOT NULL,
    status            TEXT        NOT NULL,
    stripe_payout_id  TEXT,
    paid_at           TIMESTAMPTZ
);

CREATE INDEX payout_items_batch_id_idx ON payout_items (batch_id);

-- Instant payouts requested by sellers through the API.
CREATE TABLE payout_requests (
    id               UUID PRIMARY KEY,                -- derived from (seller, Idempotency-Key)
    seller_id        TEXT        NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    currency         TEXT        NOT NULL,
    status           TEXT        NOT NULL,
    stripe_payout_id TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE seller_notifications (
    id             UUID PRIMARY KEY,
    seller_id      TEXT        NOT NULL,
    payout_item_id BIGINT      NOT NULL REFERENCES payout_items (id),
    channel        TEXT        NOT NULL,
    vendor_ref     TEXT        NOT NULL,
    sent_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX seller_notifications_item_idx ON seller_notifications (payout_item_id);

-- Stream messages a consumer has finished with.
CREATE TABLE processed_messages (
    consumer     TEXT        NOT NULL,
    msg_id       TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, msg_id)
);
