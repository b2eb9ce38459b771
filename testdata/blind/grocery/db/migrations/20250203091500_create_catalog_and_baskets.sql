-- migrate:up
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE partner_stores (
    id            text PRIMARY KEY,
    partner_id    text        NOT NULL,
    name          text        NOT NULL,
    timezone      text        NOT NULL DEFAULT 'Europe/London',
    active        boolean     NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX partner_stores_partner_idx ON partner_stores (partner_id);

-- Stock levels are owned by the partner; we mirror them. feed_seq is the
-- partner's monotonically increasing feed sequence for the row.
CREATE TABLE stock_levels (
    store_id          text        NOT NULL REFERENCES partner_stores (id),
    sku               text        NOT NULL,
    name              text        NOT NULL,
    unit_price_pence  bigint      NOT NULL CHECK (unit_price_pence >= 0),
    quantity          integer     NOT NULL DEFAULT 0,
    substitutable     boolean     NOT NULL DEFAULT true,
    feed_seq          bigint      NOT NULL DEFAULT 0,
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, sku)
);

CREATE TABLE partner_feed_cursors (
    partner_id  text PRIMARY KEY,
    last_seq    bigint      NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE baskets (
    id           uuid PRIMARY KEY,
    customer_id  uuid        NOT NULL,
    store_id     text        NOT NULL REFERENCES partner_stores (id),
    status       text        NOT NULL DEFAULT 'open',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One open basket per customer.
CREATE UNIQUE INDEX baskets_one_open_per_customer
    ON baskets (customer_id) WHERE status = 'open';

CREATE TABLE basket_items (
    basket_id         uuid        NOT NULL REFERENCES baskets (id) ON DELETE CASCADE,
    sku               text        NOT NULL,
    quantity          integer     NOT NULL CHECK (quantity > 0),
    allow_substitute  boolean     NOT NULL DEFAULT true,
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (basket_id, sku)
);

-- migrate:down
DROP TABLE basket_items;
DROP TABLE baskets;
DROP TABLE partner_feed_cursors;
DROP TABLE stock_levels;
DROP TABLE partner_stores;
