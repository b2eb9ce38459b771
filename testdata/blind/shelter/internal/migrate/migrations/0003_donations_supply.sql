CREATE TABLE donors (
    email          TEXT PRIMARY KEY,
    name           TEXT        NOT NULL,
    lifetime_cents BIGINT      NOT NULL DEFAULT 0,
    gift_count     INT         NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE donations (
    id                 TEXT PRIMARY KEY,
    platform           TEXT        NOT NULL,
    external_id        TEXT        NOT NULL,
    donor_email        TEXT        NOT NULL,
    donor_name         TEXT        NOT NULL,
    amount_cents       BIGINT      NOT NULL,
    currency           TEXT        NOT NULL,
    campaign           TEXT        NOT NULL DEFAULT '',
    received_at        TIMESTAMPTZ NOT NULL,
    receipt_claimed_at TIMESTAMPTZ,
    receipt_message_id TEXT,
    CONSTRAINT donations_platform_external_key UNIQUE (platform, external_id)
);

CREATE TABLE supply_items (
    id            TEXT PRIMARY KEY,
    sku           TEXT   NOT NULL UNIQUE,
    name          TEXT   NOT NULL,
    unit          TEXT   NOT NULL DEFAULT 'each',
    on_hand       INT    NOT NULL DEFAULT 0,
    reorder_point INT    NOT NULL DEFAULT 0,
    reorder_qty   INT    NOT NULL DEFAULT 0
);

CREATE TABLE supply_orders (
    id                  TEXT PRIMARY KEY,
    request_key         TEXT UNIQUE,
    site_id             TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'draft',
    distributor_ref     TEXT,
    reorder_item_id     TEXT REFERENCES supply_items (id),
    reorder_date        DATE,
    created_by          TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL,
    submitted_at        TIMESTAMPTZ,
    delivered_at        TIMESTAMPTZ,
    CONSTRAINT supply_orders_reorder_key UNIQUE (reorder_item_id, reorder_date)
);

CREATE TABLE supply_order_lines (
    order_id TEXT NOT NULL REFERENCES supply_orders (id),
    item_id  TEXT NOT NULL REFERENCES supply_items (id),
    sku      TEXT NOT NULL,
    qty      INT  NOT NULL,
    PRIMARY KEY (order_id, item_id)
);
