CREATE TABLE catalogue_items (
    supplier_id      text        NOT NULL REFERENCES suppliers (id),
    sku              text        NOT NULL,
    description      text        NOT NULL,
    uom              text        NOT NULL,
    unit_price_minor bigint      NOT NULL,
    currency         char(3)     NOT NULL,
    lead_time_days   integer     NOT NULL DEFAULT 0,
    active           boolean     NOT NULL DEFAULT true,
    version          bigint      NOT NULL,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (supplier_id, sku)
);
