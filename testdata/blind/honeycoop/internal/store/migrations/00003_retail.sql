-- +goose Up
CREATE TABLE retailers (
    id               TEXT PRIMARY KEY,
    name             TEXT        NOT NULL,
    billing_email    TEXT        NOT NULL,
    einvoice_address TEXT        NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE inventory (
    sku            TEXT PRIMARY KEY,
    description    TEXT    NOT NULL,
    on_hand_units  INTEGER NOT NULL DEFAULT 0 CHECK (on_hand_units >= 0),
    unit_price_cents BIGINT NOT NULL
);

CREATE TABLE retail_orders (
    id          TEXT PRIMARY KEY,
    retailer_id TEXT        NOT NULL REFERENCES retailers (id),
    po_number   TEXT        NOT NULL,
    status      TEXT        NOT NULL DEFAULT 'placed',
    invoice_id  TEXT,
    total_cents BIGINT      NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX retail_orders_retailer_idx ON retail_orders (retailer_id, po_number);

CREATE TABLE retail_order_lines (
    id         BIGSERIAL PRIMARY KEY,
    order_id   TEXT    NOT NULL REFERENCES retail_orders (id),
    sku        TEXT    NOT NULL REFERENCES inventory (sku),
    quantity   INTEGER NOT NULL,
    unit_cents BIGINT  NOT NULL
);

CREATE TABLE order_allocations (
    order_id TEXT    NOT NULL REFERENCES retail_orders (id),
    sku      TEXT    NOT NULL REFERENCES inventory (sku),
    units    INTEGER NOT NULL,
    PRIMARY KEY (order_id, sku)
);

CREATE TABLE invoices (
    id          TEXT PRIMARY KEY,
    order_id    TEXT        NOT NULL UNIQUE REFERENCES retail_orders (id),
    number      TEXT        NOT NULL UNIQUE,
    total_cents BIGINT      NOT NULL,
    status      TEXT        NOT NULL DEFAULT 'draft',
    network_ref TEXT        NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at     TIMESTAMPTZ
);

CREATE SEQUENCE invoice_number_seq START 1000;

CREATE TABLE invoice_deliveries (
    document_id  TEXT PRIMARY KEY,
    invoice_id   TEXT        NOT NULL REFERENCES invoices (id),
    channel      TEXT        NOT NULL,
    delivered_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE credit_notes (
    id           TEXT PRIMARY KEY,
    invoice_id   TEXT        NOT NULL REFERENCES invoices (id),
    number       TEXT        NOT NULL UNIQUE,
    amount_cents BIGINT      NOT NULL,
    reason       TEXT        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'draft',
    network_ref  TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE credit_notes;
DROP TABLE invoice_deliveries;
DROP SEQUENCE invoice_number_seq;
DROP TABLE invoices;
DROP TABLE order_allocations;
DROP TABLE retail_order_lines;
DROP TABLE retail_orders;
DROP TABLE inventory;
DROP TABLE retailers;
