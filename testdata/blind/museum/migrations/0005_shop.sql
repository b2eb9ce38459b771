CREATE TABLE shop_orders (
    id                 UUID PRIMARY KEY,
    customer_email     TEXT NOT NULL,
    customer_name      TEXT NOT NULL,
    ship_line1         TEXT NOT NULL,
    ship_line2         TEXT,
    ship_city          TEXT NOT NULL,
    ship_postcode      TEXT NOT NULL,
    ship_country       CHAR(2) NOT NULL,
    subtotal_minor     BIGINT NOT NULL,
    shipping_minor     BIGINT NOT NULL,
    total_minor        BIGINT NOT NULL,
    currency           CHAR(3) NOT NULL,
    status             TEXT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shop_order_lines (
    order_id     UUID NOT NULL REFERENCES shop_orders(id),
    line_no      INTEGER NOT NULL,
    sku          TEXT NOT NULL,
    title        TEXT NOT NULL,
    quantity     INTEGER NOT NULL CHECK (quantity > 0),
    unit_minor   BIGINT NOT NULL,
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE inventory (
    sku           TEXT PRIMARY KEY,
    title         TEXT NOT NULL,
    price_minor   BIGINT NOT NULL,
    on_hand       INTEGER NOT NULL DEFAULT 0,
    allocated     INTEGER NOT NULL DEFAULT 0,
    partner_seq   BIGINT NOT NULL DEFAULT 0,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT inventory_allocated_ck CHECK (allocated >= 0 AND allocated <= on_hand)
);

CREATE TABLE shipments (
    order_id            UUID PRIMARY KEY REFERENCES shop_orders(id),
    partner_order_id    TEXT NOT NULL,
    client_reference    TEXT NOT NULL,
    carrier             TEXT,
    tracking_number     TEXT,
    status              TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fulfilment_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shop_captures (
    order_id        UUID PRIMARY KEY REFERENCES shop_orders(id),
    psp_reference   TEXT NOT NULL,
    amount_minor    BIGINT NOT NULL,
    captured_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
