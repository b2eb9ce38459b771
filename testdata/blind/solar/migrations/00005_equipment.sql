-- +goose Up
CREATE TABLE equipment_orders (
    id                     UUID PRIMARY KEY,
    project_id             UUID NOT NULL REFERENCES projects (id),
    po_number              TEXT NOT NULL,
    bundle                 TEXT NOT NULL,
    warehouse_id           TEXT NOT NULL,
    status                 TEXT NOT NULL DEFAULT 'draft',
    distributor_order_id   TEXT,
    carrier                TEXT,
    tracking_number        TEXT,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT equipment_orders_po_key UNIQUE (po_number)
);

CREATE TABLE equipment_order_lines (
    order_id  UUID NOT NULL REFERENCES equipment_orders (id),
    sku       TEXT NOT NULL,
    quantity  INT NOT NULL,
    PRIMARY KEY (order_id, sku)
);

CREATE TABLE equipment_receipts (
    id            UUID PRIMARY KEY,
    order_id      UUID NOT NULL REFERENCES equipment_orders (id),
    packing_slip  TEXT NOT NULL,
    received_by   TEXT NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT equipment_receipts_slip_key UNIQUE (order_id, packing_slip)
);

CREATE TABLE inventory (
    warehouse_id  TEXT NOT NULL,
    sku           TEXT NOT NULL,
    on_hand       INT NOT NULL DEFAULT 0,
    reserved      INT NOT NULL DEFAULT 0,
    PRIMARY KEY (warehouse_id, sku)
);

-- +goose Down
DROP TABLE inventory;
DROP TABLE equipment_receipts;
DROP TABLE equipment_order_lines;
DROP TABLE equipment_orders;
