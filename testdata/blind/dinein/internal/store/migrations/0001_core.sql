-- Core marketplace tables: customers, restaurants, menus and orders.

CREATE TABLE customers (
    id                  uuid PRIMARY KEY,
    display_name        text        NOT NULL,
    phone_e164          text        NOT NULL,
    push_token          text,
    stripe_customer_id  text        UNIQUE,
    default_payment_method text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE restaurants (
    id                  uuid PRIMARY KEY,
    name                text        NOT NULL,
    phone_e164          text        NOT NULL,
    address             text        NOT NULL,
    stripe_account_id   text,
    commission_bps      integer     NOT NULL DEFAULT 1500,
    active              boolean     NOT NULL DEFAULT true,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE menu_items (
    id              uuid PRIMARY KEY,
    restaurant_id   uuid        NOT NULL REFERENCES restaurants(id),
    name            text        NOT NULL,
    description     text        NOT NULL DEFAULT '',
    price_cents     bigint      NOT NULL CHECK (price_cents >= 0),
    category        text        NOT NULL DEFAULT 'mains',
    available       boolean     NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX menu_items_restaurant_idx ON menu_items (restaurant_id, category);

CREATE TABLE orders (
    id                   uuid PRIMARY KEY,
    customer_id          uuid        NOT NULL REFERENCES customers(id),
    restaurant_id        uuid        NOT NULL REFERENCES restaurants(id),
    status               text        NOT NULL,
    subtotal_cents       bigint      NOT NULL,
    delivery_fee_cents   bigint      NOT NULL,
    service_fee_cents    bigint      NOT NULL DEFAULT 0,
    tip_cents            bigint      NOT NULL DEFAULT 0,
    credit_applied_cents bigint      NOT NULL DEFAULT 0,
    total_cents          bigint      NOT NULL,
    currency             text        NOT NULL DEFAULT 'usd',
    dropoff_address      text        NOT NULL,
    dropoff_notes        text        NOT NULL DEFAULT '',
    courier_delivery_id  text,
    courier_id           text,
    placed_at            timestamptz,
    delivered_at         timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);
CREATE INDEX orders_restaurant_status_idx ON orders (restaurant_id, status);
CREATE UNIQUE INDEX orders_courier_delivery_idx ON orders (courier_delivery_id) WHERE courier_delivery_id IS NOT NULL;

CREATE TABLE order_items (
    order_id        uuid    NOT NULL REFERENCES orders(id),
    menu_item_id    uuid    NOT NULL REFERENCES menu_items(id),
    quantity        integer NOT NULL CHECK (quantity > 0),
    unit_price_cents bigint NOT NULL,
    notes           text    NOT NULL DEFAULT '',
    PRIMARY KEY (order_id, menu_item_id)
);

-- Responses to client requests that carried an Idempotency-Key header.
CREATE TABLE idempotency_keys (
    scope           text        NOT NULL,
    key             text        NOT NULL,
    request_hash    text        NOT NULL,
    status_code     integer,
    response_body   jsonb,
    created_at      timestamptz NOT NULL DEFAULT now(),
    completed_at    timestamptz,
    PRIMARY KEY (scope, key)
);
