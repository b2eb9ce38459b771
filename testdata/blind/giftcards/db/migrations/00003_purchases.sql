-- +goose Up
CREATE TABLE purchases (
    id                 TEXT PRIMARY KEY,
    buyer_email        TEXT NOT NULL,
    recipient_phone    TEXT,
    recipient_email    TEXT,
    amount_cents       BIGINT NOT NULL CHECK (amount_cents > 0),
    currency           TEXT NOT NULL,
    payment_intent_id  TEXT,
    status             TEXT NOT NULL DEFAULT 'pending',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT purchases_payment_intent_id_key UNIQUE (payment_intent_id)
);

CREATE TABLE purchase_refunds (
    id                TEXT PRIMARY KEY,
    purchase_id       TEXT NOT NULL REFERENCES purchases (id),
    amount_cents      BIGINT NOT NULL,
    reason            TEXT NOT NULL DEFAULT '',
    stripe_refund_id  TEXT,
    status            TEXT NOT NULL DEFAULT 'pending',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT purchase_refunds_purchase_id_key UNIQUE (purchase_id)
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE purchase_refunds;
DROP TABLE purchases;
