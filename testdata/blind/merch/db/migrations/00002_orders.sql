-- +goose Up
CREATE TABLE orders (
    id                  uuid PRIMARY KEY,
    idempotency_key     text        NOT NULL UNIQUE,
    request_hash        text        NOT NULL,
    tour_id             uuid        NOT NULL REFERENCES tours (id),
    fan_email           text        NOT NULL,
    fan_name            text        NOT NULL,
    stripe_customer_id  text,
    currency            text        NOT NULL,
    total_cents         bigint      NOT NULL CHECK (total_cents >= 0),
    captured_cents      bigint      NOT NULL DEFAULT 0,
    status              text        NOT NULL,
    payment_intent_id   text        UNIQUE,
    authorized_at       timestamptz,
    auth_expires_at     timestamptz,
    captured_at         timestamptz,
    ship_name           text        NOT NULL DEFAULT '',
    ship_line1          text        NOT NULL DEFAULT '',
    ship_line2          text        NOT NULL DEFAULT '',
    ship_city           text        NOT NULL DEFAULT '',
    ship_region         text        NOT NULL DEFAULT '',
    ship_postcode       text        NOT NULL DEFAULT '',
    ship_country        text        NOT NULL DEFAULT '',
    expected_ship_date  date,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_status_created_idx ON orders (status, created_at);
CREATE INDEX orders_auth_expiry_idx ON orders (auth_expires_at) WHERE captured_cents = 0;

CREATE TABLE order_items (
    id                uuid PRIMARY KEY,
    order_id          uuid        NOT NULL REFERENCES orders (id),
    product_id        uuid        NOT NULL REFERENCES products (id),
    artist_id         uuid        NOT NULL REFERENCES artists (id),
    sku               text        NOT NULL,
    quantity          integer     NOT NULL CHECK (quantity > 0),
    unit_price_cents  bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'active',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, sku)
);

CREATE INDEX order_items_sku_status_idx ON order_items (sku, status);

-- One row per call we make (or intend to make) to Stripe that moves or
-- holds money. operation_key is sent as the Idempotency-Key.
CREATE TABLE payment_operations (
    id                uuid PRIMARY KEY,
    order_id          uuid        NOT NULL REFERENCES orders (id),
    kind              text        NOT NULL,
    operation_key     text        NOT NULL UNIQUE,
    amount_cents      bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'pending',
    stripe_object_id  text,
    failure_code      text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payment_operations_object_idx ON payment_operations (stripe_object_id);

CREATE TABLE refunds (
    id                uuid PRIMARY KEY,
    order_id          uuid        NOT NULL REFERENCES orders (id),
    order_item_id     uuid        REFERENCES order_items (id),
    operation_key     text        NOT NULL UNIQUE,
    reason            text        NOT NULL,
    amount_cents      bigint      NOT NULL CHECK (amount_cents > 0),
    status            text        NOT NULL DEFAULT 'pending',
    stripe_refund_id  text        UNIQUE,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE disputes (
    id                 uuid PRIMARY KEY,
    order_id           uuid        NOT NULL REFERENCES orders (id),
    stripe_dispute_id  text        NOT NULL UNIQUE,
    reason             text        NOT NULL,
    amount_cents       bigint      NOT NULL,
    status             text        NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE disputes;
DROP TABLE refunds;
DROP TABLE payment_operations;
DROP TABLE order_items;
DROP TABLE orders;
