-- +goose Up
CREATE TABLE warehouse_submissions (
    order_id             uuid PRIMARY KEY REFERENCES orders (id),
    warehouse_order_ref  text        NOT NULL UNIQUE,
    status               text        NOT NULL,
    submitted_at         timestamptz NOT NULL
);

CREATE TABLE shipments (
    id                     uuid PRIMARY KEY,
    order_id               uuid        NOT NULL REFERENCES orders (id),
    warehouse_shipment_id  text        NOT NULL UNIQUE,
    carrier                text        NOT NULL,
    tracking_number        text        NOT NULL,
    status                 text        NOT NULL DEFAULT 'in_transit',
    shipped_at             timestamptz NOT NULL,
    delivered_at           timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipment_items (
    shipment_id    uuid    NOT NULL REFERENCES shipments (id),
    order_item_id  uuid    NOT NULL REFERENCES order_items (id),
    quantity       integer NOT NULL,
    PRIMARY KEY (shipment_id, order_item_id)
);

CREATE TABLE fulfilment_holds (
    id                 uuid PRIMARY KEY,
    order_id           uuid        NOT NULL REFERENCES orders (id),
    warehouse_hold_id  text        NOT NULL UNIQUE,
    reason             text        NOT NULL,
    placed_by          text        NOT NULL,
    released_at        timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reships (
    id                   uuid PRIMARY KEY,
    shipment_id          uuid        NOT NULL REFERENCES shipments (id),
    warehouse_reship_id  text        NOT NULL UNIQUE,
    exception_code       text        NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now()
);

-- An RMA can arrive in several parcels; each receipt is its own row.
CREATE TABLE returns (
    id                   uuid PRIMARY KEY,
    order_id             uuid        NOT NULL REFERENCES orders (id),
    order_item_id        uuid        NOT NULL REFERENCES order_items (id),
    warehouse_return_id  text        NOT NULL,
    quantity             integer     NOT NULL CHECK (quantity > 0),
    condition            text        NOT NULL,
    refund_id            uuid        REFERENCES refunds (id),
    received_at          timestamptz NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX returns_rma_idx ON returns (warehouse_return_id);

-- +goose Down
DROP TABLE returns;
DROP TABLE reships;
DROP TABLE fulfilment_holds;
DROP TABLE shipment_items;
DROP TABLE shipments;
DROP TABLE warehouse_submissions;
