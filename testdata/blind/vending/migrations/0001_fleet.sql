-- +goose Up
CREATE TABLE hosts (
    id              uuid PRIMARY KEY,
    name            text NOT NULL,
    email           text NOT NULL,
    commission_bps  integer NOT NULL CHECK (commission_bps BETWEEN 0 AND 5000),
    payout_account  text NOT NULL,
    active          boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sites (
    id          uuid PRIMARY KEY,
    host_id     uuid NOT NULL REFERENCES hosts (id),
    name        text NOT NULL,
    site_code   text NOT NULL UNIQUE,
    address     text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE machines (
    id                   uuid PRIMARY KEY,
    serial_number        text NOT NULL UNIQUE,
    site_id              uuid NOT NULL REFERENCES sites (id),
    model                text NOT NULL,
    status               text NOT NULL CHECK (status IN ('active', 'inactive', 'retired')),
    cash_baseline_cents  bigint NOT NULL DEFAULT 0,
    last_seen_at         timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
    id           uuid PRIMARY KEY,
    sku          text NOT NULL UNIQUE,
    name         text NOT NULL,
    price_cents  bigint NOT NULL CHECK (price_cents > 0)
);

CREATE TABLE machine_slots (
    machine_id  uuid NOT NULL REFERENCES machines (id),
    product_id  uuid NOT NULL REFERENCES products (id),
    slot_code   text NOT NULL,
    quantity    integer NOT NULL CHECK (quantity >= 0),
    par_level   integer NOT NULL CHECK (par_level >= 0),
    capacity    integer NOT NULL CHECK (capacity > 0),
    PRIMARY KEY (machine_id, product_id),
    UNIQUE (machine_id, slot_code)
);

-- One row per vend reported by telemetry; (machine_id, machine_seq) is the
-- machine's own monotonically increasing event sequence.
CREATE TABLE sales (
    id            uuid PRIMARY KEY,
    machine_id    uuid NOT NULL REFERENCES machines (id),
    machine_seq   bigint NOT NULL,
    product_id    uuid NOT NULL REFERENCES products (id),
    amount_cents  bigint NOT NULL,
    method        text NOT NULL CHECK (method IN ('cash', 'card', 'mobile')),
    payment_id    uuid,
    sold_at       timestamptz NOT NULL,
    UNIQUE (machine_id, machine_seq)
);
CREATE INDEX sales_machine_sold_at ON sales (machine_id, sold_at);

CREATE TABLE outbox (
    id            bigserial PRIMARY KEY,
    topic         text NOT NULL,
    msg_key       text NOT NULL,
    payload       jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    published_at  timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL;

-- +goose Down
DROP TABLE outbox;
DROP TABLE sales;
DROP TABLE machine_slots;
DROP TABLE products;
DROP TABLE machines;
DROP TABLE sites;
DROP TABLE hosts;
