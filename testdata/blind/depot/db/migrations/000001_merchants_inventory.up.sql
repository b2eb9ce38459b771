CREATE TABLE merchants (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    psp_customer_id TEXT NOT NULL,
    billing_email   TEXT NOT NULL,
    storage_rate_cents_per_cbm_day BIGINT NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE skus (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    sku         TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    volume_cbm  NUMERIC(12,6) NOT NULL DEFAULT 0,
    weight_g    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (merchant_id, sku)
);

CREATE TABLE inventory_levels (
    merchant_id TEXT NOT NULL,
    sku         TEXT NOT NULL,
    on_hand     INTEGER NOT NULL DEFAULT 0,
    reserved    INTEGER NOT NULL DEFAULT 0,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (merchant_id, sku),
    FOREIGN KEY (merchant_id, sku) REFERENCES skus (merchant_id, sku)
);

CREATE TABLE stock_movements (
    id          TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    sku         TEXT NOT NULL,
    delta       INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    reference   TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX stock_movements_sku_idx ON stock_movements (merchant_id, sku, created_at);
