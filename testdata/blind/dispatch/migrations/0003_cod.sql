-- Cash on delivery.

CREATE TABLE IF NOT EXISTS cod_obligations (
    order_id      TEXT PRIMARY KEY REFERENCES orders (id),
    courier_id    TEXT        NOT NULL,
    merchant_id   TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Several collections per order are allowed (split payments).
CREATE TABLE IF NOT EXISTS cod_collections (
    id             TEXT PRIMARY KEY,
    order_id       TEXT        NOT NULL REFERENCES orders (id),
    courier_id     TEXT        NOT NULL,
    merchant_id    TEXT        NOT NULL,
    amount_cents   BIGINT      NOT NULL,
    currency       TEXT        NOT NULL,
    method         TEXT        NOT NULL DEFAULT 'cash',
    status         TEXT        NOT NULL,
    settlement_id  TEXT,
    collected_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS cod_collections_unsettled_idx ON cod_collections (merchant_id, collected_at) WHERE settlement_id IS NULL;
CREATE INDEX IF NOT EXISTS cod_collections_settlement_idx ON cod_collections (settlement_id);

CREATE TABLE IF NOT EXISTS courier_cash_balances (
    courier_id     TEXT PRIMARY KEY,
    balance_cents  BIGINT      NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS cod_remittances (
    id            TEXT PRIMARY KEY,
    courier_id    TEXT        NOT NULL,
    hub_id        TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    received_by   TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS cod_hub_batches (
    hub_id         TEXT        NOT NULL,
    business_date  DATE        NOT NULL,
    float_cents    BIGINT      NOT NULL DEFAULT 0,
    status         TEXT        NOT NULL,
    opened_by      TEXT        NOT NULL,
    opened_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (hub_id, business_date)
);

CREATE TABLE IF NOT EXISTS cod_ledger_entries (
    id            BIGSERIAL PRIMARY KEY,
    merchant_id   TEXT        NOT NULL REFERENCES merchants (id),
    amount_cents  BIGINT      NOT NULL,
    reason        TEXT        NOT NULL,
    source_ref    TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS legacy_inbox (
    message_id    TEXT PRIMARY KEY,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
