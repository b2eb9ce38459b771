-- +goose Up
CREATE TABLE artists (
    id                 uuid PRIMARY KEY,
    slug               text        NOT NULL UNIQUE,
    display_name       text        NOT NULL,
    stripe_account_id  text        UNIQUE,
    revenue_share_bps  integer     NOT NULL CHECK (revenue_share_bps BETWEEN 0 AND 10000),
    payouts_enabled    boolean     NOT NULL DEFAULT false,
    connect_synced_at  timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tours (
    id              uuid PRIMARY KEY,
    artist_id       uuid        NOT NULL REFERENCES artists (id),
    slug            text        NOT NULL UNIQUE,
    name            text        NOT NULL,
    preorders_open  boolean     NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
    id                uuid PRIMARY KEY,
    tour_id           uuid        NOT NULL REFERENCES tours (id),
    artist_id         uuid        NOT NULL REFERENCES artists (id),
    sku               text        NOT NULL UNIQUE,
    name              text        NOT NULL,
    variant           text        NOT NULL DEFAULT '',
    unit_price_cents  bigint      NOT NULL CHECK (unit_price_cents > 0),
    currency          text        NOT NULL,
    preorder_cap      integer     NOT NULL DEFAULT 0,  -- 0 = uncapped
    reserved          integer     NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    stock_on_hand     integer     NOT NULL DEFAULT 0,
    status            text        NOT NULL DEFAULT 'on_sale'
                      CHECK (status IN ('on_sale', 'sold_out', 'withdrawn')),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX products_tour_idx ON products (tour_id);

-- Inventory events from the warehouse, one row per partner event.
CREATE TABLE stock_events (
    id                  uuid PRIMARY KEY,
    warehouse_event_id  text        NOT NULL UNIQUE,
    sku                 text        NOT NULL,
    kind                text        NOT NULL,
    quantity            integer     NOT NULL,
    occurred_at         timestamptz NOT NULL,
    recorded_at         timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stock_events;
DROP TABLE products;
DROP TABLE tours;
DROP TABLE artists;
