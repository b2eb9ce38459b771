-- +goose Up
CREATE TABLE inspection_receipts (
    return_id     text PRIMARY KEY REFERENCES returns (id),
    event_id      text NOT NULL,
    warehouse_id  text NOT NULL,
    received_at   timestamptz NOT NULL
);

CREATE TABLE item_grades (
    id                text PRIMARY KEY,
    return_id         text NOT NULL REFERENCES returns (id),
    order_line_id     text NOT NULL,
    grade             text NOT NULL,
    refundable_cents  bigint NOT NULL,
    inspector         text NOT NULL DEFAULT '',
    inspected_at      timestamptz NOT NULL
);

CREATE INDEX item_grades_return_idx ON item_grades (return_id);

CREATE TABLE inspection_discrepancies (
    id             text PRIMARY KEY,
    return_id      text NOT NULL REFERENCES returns (id),
    order_line_id  text NOT NULL,
    kind           text NOT NULL,
    expected_qty   integer NOT NULL,
    received_qty   integer NOT NULL,
    note           text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (return_id, order_line_id)
);

CREATE TABLE inventory_levels (
    sku           text NOT NULL,
    warehouse_id  text NOT NULL,
    on_hand       integer NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (sku, warehouse_id)
);

-- One row per restocked return item; guards the inventory increment.
CREATE TABLE restock_ledger (
    return_item_id  text PRIMARY KEY REFERENCES return_items (id),
    sku             text NOT NULL,
    warehouse_id    text NOT NULL,
    quantity        integer NOT NULL,
    event_id        text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE restock_ledger;
DROP TABLE inventory_levels;
DROP TABLE inspection_discrepancies;
DROP TABLE item_grades;
DROP TABLE inspection_receipts;
