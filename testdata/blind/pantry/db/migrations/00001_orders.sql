-- +goose Up
CREATE TABLE customers (
    id            uuid PRIMARY KEY,
    phone         text NOT NULL,
    email         text NOT NULL,
    credit_cents  bigint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE delivery_slots (
    id        bigserial PRIMARY KEY,
    store_id  text NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at   timestamptz NOT NULL,
    capacity  int NOT NULL,
    reserved  int NOT NULL DEFAULT 0,
    closed    boolean NOT NULL DEFAULT false,
    CHECK (reserved >= 0 AND reserved <= capacity)
);

CREATE TABLE orders (
    id              uuid PRIMARY KEY,
    customer_id     uuid NOT NULL REFERENCES customers (id),
    store_id        text NOT NULL,
    retailer_id     text NOT NULL,
    slot_id         bigint NOT NULL REFERENCES delivery_slots (id),
    status          text NOT NULL,
    subtotal_cents  bigint NOT NULL,
    discount_cents  bigint NOT NULL DEFAULT 0,
    total_cents     bigint NOT NULL,
    currency        text NOT NULL DEFAULT 'gbp',
    phone           text NOT NULL,
    payment_method  text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_status_created_idx ON orders (status, created_at);

CREATE TABLE order_lines (
    order_id         uuid NOT NULL REFERENCES orders (id),
    line_no          int NOT NULL,
    sku              text NOT NULL,
    quantity         int NOT NULL,
    unit_price_cents bigint NOT NULL,
    substituted_sku  text NOT NULL DEFAULT '',
    PRIMARY KEY (order_id, line_no)
);

-- Caller-supplied idempotency keys for the customer API.
CREATE TABLE request_keys (
    scope        text NOT NULL,
    key          text NOT NULL,
    request_hash text NOT NULL,
    result_ref   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE order_events (
    id       uuid PRIMARY KEY,
    order_id uuid NOT NULL REFERENCES orders (id),
    type     text NOT NULL,
    detail   text NOT NULL DEFAULT '',
    at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE promotions (
    code           text PRIMARY KEY,
    discount_cents bigint NOT NULL,
    min_subtotal   bigint NOT NULL DEFAULT 0,
    valid_until    timestamptz NOT NULL
);

CREATE TABLE order_promotions (
    order_id       uuid NOT NULL REFERENCES orders (id),
    promo_code     text NOT NULL REFERENCES promotions (code),
    discount_cents bigint NOT NULL,
    applied_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, promo_code)
);

-- +goose Down
DROP TABLE order_promotions;
DROP TABLE promotions;
DROP TABLE order_events;
DROP TABLE request_keys;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE delivery_slots;
DROP TABLE customers;
