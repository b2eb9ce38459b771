-- +goose Up
CREATE TABLE payment_profiles (
    pnr                 TEXT PRIMARY KEY,
    stripe_customer_id  TEXT NOT NULL,
    payment_method_id   TEXT NOT NULL,
    currency            TEXT NOT NULL,
    contact_email       TEXT NOT NULL DEFAULT '',
    contact_phone       TEXT NOT NULL DEFAULT '',
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ancillary_orders (
    id                  UUID PRIMARY KEY,
    pnr                 TEXT NOT NULL,
    passenger_ref       TEXT NOT NULL,
    flight_id           TEXT NOT NULL,
    product             TEXT NOT NULL,
    status              TEXT NOT NULL,
    currency            TEXT NOT NULL,
    total_amount        BIGINT NOT NULL,
    amount_paid         BIGINT NOT NULL DEFAULT 0,
    refunded_amount     BIGINT NOT NULL DEFAULT 0,
    payment_intent_id   TEXT UNIQUE,
    natural_key         TEXT UNIQUE,
    contact_email       TEXT NOT NULL DEFAULT '',
    contact_phone       TEXT NOT NULL DEFAULT '',
    loyalty_number      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ancillary_orders_pnr_idx ON ancillary_orders (pnr);
CREATE INDEX ancillary_orders_pending_idx ON ancillary_orders (created_at) WHERE status = 'pending_payment';

CREATE TABLE order_items (
    id              UUID PRIMARY KEY,
    order_id        UUID NOT NULL REFERENCES ancillary_orders (id),
    product         TEXT NOT NULL,
    code            TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    flight_id       TEXT NOT NULL,
    service_date    DATE NOT NULL,
    quantity        INT NOT NULL DEFAULT 1,
    amount          BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL,
    refundable      BOOLEAN NOT NULL DEFAULT TRUE,
    emd_number      TEXT,
    passenger_ref   TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE INDEX order_items_flight_idx ON order_items (flight_id, status);

CREATE TABLE idempotency_keys (
    scope       TEXT NOT NULL,
    key         TEXT NOT NULL,
    order_id    UUID NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE seat_holds (
    id              UUID PRIMARY KEY,
    flight_id       TEXT NOT NULL,
    seat_no         TEXT NOT NULL,
    pnr             TEXT NOT NULL,
    passenger_ref   TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'active',
    expires_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (flight_id, seat_no)
);

-- +goose Down
DROP TABLE seat_holds;
DROP TABLE idempotency_keys;
DROP TABLE order_items;
DROP TABLE ancillary_orders;
DROP TABLE payment_profiles;
