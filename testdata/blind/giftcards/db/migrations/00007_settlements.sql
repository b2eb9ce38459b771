-- +goose Up
CREATE TABLE settlements (
    id                TEXT PRIMARY KEY,
    merchant_id       TEXT NOT NULL REFERENCES merchants (id),
    period_start      DATE NOT NULL,
    period_end        DATE NOT NULL,
    gross_cents       BIGINT NOT NULL DEFAULT 0,
    redemption_count  INTEGER NOT NULL DEFAULT 0,
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'open',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT settlements_merchant_period_key UNIQUE (merchant_id, period_start)
);

CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT NOT NULL REFERENCES settlements (id),
    merchant_id         TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    stripe_transfer_id  TEXT,
    status              TEXT NOT NULL DEFAULT 'pending',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at             TIMESTAMPTZ,
    CONSTRAINT payouts_settlement_id_key UNIQUE (settlement_id)
);

CREATE TABLE webhook_outbox (
    id            TEXT PRIMARY KEY,
    merchant_id   TEXT NOT NULL REFERENCES merchants (id),
    event_type    TEXT NOT NULL,
    payload       JSONB NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending',
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    delivered_at  TIMESTAMPTZ
);

-- +goose Down
DROP TABLE webhook_outbox;
DROP TABLE payouts;
DROP TABLE settlements;
