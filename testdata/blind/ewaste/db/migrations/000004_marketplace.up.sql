-- Refurbished resale through the marketplace partner.

CREATE TABLE listings (
    id                      UUID PRIMARY KEY,
    device_id               UUID NOT NULL REFERENCES devices (id),
    marketplace             TEXT NOT NULL,
    marketplace_listing_id  TEXT NOT NULL,
    seller_sku              TEXT NOT NULL,
    title                   TEXT NOT NULL,
    price_cents             BIGINT NOT NULL,
    currency                TEXT NOT NULL DEFAULT 'USD',
    status                  TEXT NOT NULL DEFAULT 'active',
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT listings_device_key UNIQUE (device_id),
    CONSTRAINT listings_marketplace_key UNIQUE (marketplace, marketplace_listing_id)
);

CREATE TABLE sales_orders (
    id                  UUID PRIMARY KEY,
    marketplace         TEXT NOT NULL,
    external_order_id   TEXT NOT NULL,
    listing_id          UUID NOT NULL REFERENCES listings (id),
    device_id           UUID NOT NULL REFERENCES devices (id),
    buyer_name          TEXT NOT NULL,
    ship_to             JSONB NOT NULL,
    amount_cents        BIGINT NOT NULL,
    currency            TEXT NOT NULL DEFAULT 'USD',
    status              TEXT NOT NULL DEFAULT 'received',
    ordered_at          TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT sales_orders_external_key UNIQUE (marketplace, external_order_id)
);

CREATE TABLE fulfilments (
    id               UUID PRIMARY KEY,
    sales_order_id   UUID NOT NULL REFERENCES sales_orders (id),
    shipment_id      UUID REFERENCES shipments (id),
    status           TEXT NOT NULL DEFAULT 'pending',
    packed_by        TEXT,
    shipped_at       TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT fulfilments_order_key UNIQUE (sales_order_id)
);
