-- migrate:up
CREATE TABLE supply_items (
    sku          text PRIMARY KEY,
    description  text NOT NULL,
    unit         text NOT NULL,
    par_level    integer NOT NULL,
    reorder_qty  integer NOT NULL
);

CREATE TABLE clinic_inventory (
    clinic_id   uuid NOT NULL REFERENCES clinics (id),
    sku         text NOT NULL REFERENCES supply_items (sku),
    on_hand     integer NOT NULL DEFAULT 0,
    on_order    integer NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (clinic_id, sku)
);

CREATE TABLE supply_orders (
    id                    uuid PRIMARY KEY,
    clinic_id             uuid NOT NULL REFERENCES clinics (id),
    request_id            text NOT NULL,
    po_number             text UNIQUE,
    origin                text NOT NULL CHECK (origin IN ('staff', 'auto_reorder')),
    status                text NOT NULL DEFAULT 'pending'
                          CHECK (status IN ('pending', 'submitted', 'acknowledged', 'shipped', 'received', 'failed')),
    distributor_order_id  text,
    submitted_at          timestamptz,
    last_error            text,
    created_by            text NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT supply_orders_clinic_request_key UNIQUE (clinic_id, request_id)
);

CREATE TABLE supply_order_lines (
    order_id  uuid NOT NULL REFERENCES supply_orders (id),
    sku       text NOT NULL REFERENCES supply_items (sku),
    quantity  integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, sku)
);

CREATE TABLE supply_returns (
    id          uuid PRIMARY KEY,
    order_id    uuid NOT NULL REFERENCES supply_orders (id),
    rma_number  text NOT NULL,
    reason      text NOT NULL,
    sku         text NOT NULL,
    quantity    integer NOT NULL,
    created_by  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    id                uuid PRIMARY KEY,
    order_id          uuid NOT NULL REFERENCES supply_orders (id),
    carrier           text NOT NULL,
    tracking_number   text NOT NULL,
    shipped_at        timestamptz,
    delivered_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now()
);

-- Receipts for partner webhooks, keyed by the partner's delivery id.
CREATE TABLE inbound_webhooks (
    source       text NOT NULL,
    delivery_id  text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, delivery_id)
);

-- migrate:down
DROP TABLE inbound_webhooks;
DROP TABLE shipments;
DROP TABLE supply_returns;
DROP TABLE supply_order_lines;
DROP TABLE supply_orders;
DROP TABLE clinic_inventory;
DROP TABLE supply_items;
