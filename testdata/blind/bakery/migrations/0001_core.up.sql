-- Ovenline core schema: customers, catalogue, orders and production.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE customers (
    id                 uuid PRIMARY KEY,
    account_code       text NOT NULL UNIQUE,
    name               text NOT NULL,
    kind               text NOT NULL CHECK (kind IN ('cafe', 'grocer')),
    billing_email      text NOT NULL,
    payment_method     text NOT NULL CHECK (payment_method IN ('direct_debit', 'card', 'bank_transfer')),
    dd_mandate_id      text,
    card_customer_ref  text,
    payment_terms_days integer NOT NULL DEFAULT 14 CHECK (payment_terms_days BETWEEN 0 AND 90),
    van_code           text NOT NULL DEFAULT 'VAN1',
    active             boolean NOT NULL DEFAULT true,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX customers_dd_mandate_uniq ON customers (dd_mandate_id) WHERE dd_mandate_id IS NOT NULL;

CREATE TABLE products (
    id                   uuid PRIMARY KEY,
    sku                  text NOT NULL UNIQUE,
    name                 text NOT NULL,
    unit_price_pence     integer NOT NULL CHECK (unit_price_pence >= 0),
    flour_code           text NOT NULL,
    flour_grams_per_unit integer NOT NULL CHECK (flour_grams_per_unit >= 0),
    bake_lead_days       smallint NOT NULL DEFAULT 1,
    active               boolean NOT NULL DEFAULT true
);

CREATE TABLE standing_orders (
    id           uuid PRIMARY KEY,
    customer_id  uuid NOT NULL REFERENCES customers (id),
    weekdays     smallint[] NOT NULL,
    starts_on    date NOT NULL,
    ends_on      date,
    status       text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
    notes        text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_on IS NULL OR ends_on >= starts_on)
);

CREATE INDEX standing_orders_customer_idx ON standing_orders (customer_id);

CREATE TABLE standing_order_lines (
    standing_order_id uuid NOT NULL REFERENCES standing_orders (id) ON DELETE CASCADE,
    product_id        uuid NOT NULL REFERENCES products (id),
    quantity          integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (standing_order_id, product_id)
);

CREATE TABLE orders (
    id                uuid PRIMARY KEY,
    customer_id       uuid NOT NULL REFERENCES customers (id),
    standing_order_id uuid REFERENCES standing_orders (id),
    source            text NOT NULL CHECK (source IN ('standing', 'one_off')),
    delivery_date     date NOT NULL,
    status            text NOT NULL DEFAULT 'placed'
                      CHECK (status IN ('placed', 'in_production', 'out_for_delivery', 'delivered', 'invoiced', 'cancelled', 'failed')),
    customer_ref      text NOT NULL DEFAULT '',
    notes             text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now()
);

-- One materialised order per standing order per delivery day.
CREATE UNIQUE INDEX orders_standing_day_uniq ON orders (standing_order_id, delivery_date)
    WHERE standing_order_id IS NOT NULL;

CREATE INDEX orders_delivery_date_idx ON orders (delivery_date, status);

CREATE TABLE order_lines (
    order_id         uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id       uuid NOT NULL REFERENCES products (id),
    quantity         integer NOT NULL CHECK (quantity > 0),
    unit_price_pence integer NOT NULL CHECK (unit_price_pence >= 0),
    PRIMARY KEY (order_id, product_id)
);

CREATE TABLE idempotency_keys (
    scope           text NOT NULL,
    key             text NOT NULL,
    request_hash    text NOT NULL,
    resource_id     uuid,
    response_status integer,
    response_body   bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE production_plan_items (
    id         uuid PRIMARY KEY,
    bake_date  date NOT NULL,
    product_id uuid NOT NULL REFERENCES products (id),
    order_id   uuid NOT NULL REFERENCES orders (id),
    quantity   integer NOT NULL CHECK (quantity > 0),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX production_plan_items_day_idx ON production_plan_items (bake_date, product_id);

CREATE TABLE production_plan (
    bake_date   date NOT NULL,
    product_id  uuid NOT NULL REFERENCES products (id),
    planned_qty integer NOT NULL CHECK (planned_qty >= 0),
    locked      boolean NOT NULL DEFAULT false,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (bake_date, product_id)
);
