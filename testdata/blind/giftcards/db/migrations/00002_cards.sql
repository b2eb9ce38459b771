-- +goose Up
CREATE TABLE corporate_orders (
    id                  TEXT PRIMARY KEY,
    customer_ref        TEXT NOT NULL,
    contact_email       TEXT NOT NULL,
    stripe_customer_id  TEXT,
    quantity            INTEGER NOT NULL CHECK (quantity > 0 AND quantity <= 10000),
    denomination_cents  BIGINT NOT NULL CHECK (denomination_cents > 0),
    currency            TEXT NOT NULL,
    payment_terms       TEXT NOT NULL DEFAULT 'card',
    recipients          JSONB NOT NULL DEFAULT '[]'::jsonb,
    status              TEXT NOT NULL DEFAULT 'pending_payment',
    payment_intent_id   TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at             TIMESTAMPTZ
);

CREATE TABLE cards (
    id                TEXT PRIMARY KEY,
    code              TEXT NOT NULL,
    order_id          TEXT REFERENCES corporate_orders (id),
    order_seq         INTEGER,
    purchase_id       TEXT,
    balance_cents     BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'issued',
    expires_at        TIMESTAMPTZ NOT NULL,
    recipient_phone   TEXT,
    recipient_email   TEXT,
    reminder_sent_at  TIMESTAMPTZ,
    activated_at      TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT cards_code_key UNIQUE (code),
    CONSTRAINT cards_order_seq_key UNIQUE (order_id, order_seq)
);

CREATE INDEX cards_purchase_id_idx ON cards (purchase_id);
CREATE INDEX cards_expires_at_idx ON cards (expires_at) WHERE status IN ('issued', 'active');

CREATE TABLE card_ledger (
    id            TEXT PRIMARY KEY,
    card_id       TEXT NOT NULL REFERENCES cards (id),
    entry_type    TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    ref           TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX card_ledger_card_id_idx ON card_ledger (card_id, created_at);

-- +goose Down
DROP TABLE card_ledger;
DROP TABLE cards;
DROP TABLE corporate_orders;
