-- migrate:up
CREATE TABLE driver_assignments (
    order_id     uuid PRIMARY KEY REFERENCES orders (id),
    driver_id    text        NOT NULL,
    driver_name  text        NOT NULL,
    vehicle_reg  text        NOT NULL DEFAULT '',
    event_id     text        NOT NULL,
    assigned_at  timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One row per bag hand-off at the store; drives driver pay and bag
-- reconciliation with the partner.
CREATE TABLE delivery_handoffs (
    id          text PRIMARY KEY,
    order_id    uuid        NOT NULL REFERENCES orders (id),
    driver_id   text        NOT NULL,
    store_id    text        NOT NULL,
    bag_count   integer     NOT NULL,
    handed_at   timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX delivery_handoffs_driver_idx ON delivery_handoffs (driver_id, handed_at);
CREATE INDEX delivery_handoffs_order_idx ON delivery_handoffs (order_id);

CREATE TABLE delivery_attempts (
    event_id     text PRIMARY KEY,
    order_id     uuid        NOT NULL REFERENCES orders (id),
    driver_id    text        NOT NULL,
    outcome      text        NOT NULL,
    reason       text        NOT NULL DEFAULT '',
    occurred_at  timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX delivery_attempts_order_idx ON delivery_attempts (order_id);

CREATE TABLE returned_items (
    order_id     uuid        NOT NULL REFERENCES orders (id),
    sku          text        NOT NULL,
    quantity     integer     NOT NULL,
    returned_at  timestamptz NOT NULL,
    PRIMARY KEY (order_id, sku)
);

CREATE TABLE notifications_sent (
    dedupe_key  text PRIMARY KEY,
    order_id    uuid        NOT NULL,
    channel     text        NOT NULL,
    template    text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE notifications_sent;
DROP TABLE returned_items;
DROP TABLE delivery_attempts;
DROP TABLE delivery_handoffs;
DROP TABLE driver_assignments;
