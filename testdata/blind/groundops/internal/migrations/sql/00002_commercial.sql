-- +goose Up
CREATE TABLE service_lines (
    id               uuid PRIMARY KEY,
    turnaround_id    uuid NOT NULL REFERENCES turnarounds(id),
    airline_id       uuid NOT NULL REFERENCES airlines(id),
    service_code     text NOT NULL,
    quantity         numeric(12,3) NOT NULL,
    unit_price_cents bigint NOT NULL,
    source           text NOT NULL,
    source_ref       text NOT NULL DEFAULT '',
    service_date     date NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_lines_billing_idx ON service_lines (airline_id, service_date);

CREATE TABLE fuel_orders (
    id                 uuid PRIMARY KEY,
    request_id         text NOT NULL UNIQUE,
    turnaround_id      uuid NOT NULL REFERENCES turnarounds(id),
    requested_kg       integer NOT NULL,
    status             text NOT NULL,
    supplier_order_ref text UNIQUE,
    delivered_kg       integer,
    delivered_at       timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deice_reservations (
    id                    uuid PRIMARY KEY,
    turnaround_id         uuid NOT NULL REFERENCES turnarounds(id),
    fluid_type            text NOT NULL,
    litres                integer NOT NULL,
    used_litres           integer,
    vendor_reservation_id text NOT NULL,
    status                text NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE adhoc_orders (
    id                uuid PRIMARY KEY,
    request_id        text NOT NULL UNIQUE,
    tail_number       text NOT NULL,
    station           varchar(3) NOT NULL,
    service_code      text NOT NULL,
    amount_cents      bigint NOT NULL,
    currency          varchar(3) NOT NULL,
    customer_id       text NOT NULL,
    payment_method_id text NOT NULL,
    payment_intent_id text,
    status            text NOT NULL,
    refunded_cents    bigint NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE statements (
    id           uuid PRIMARY KEY,
    number       text NOT NULL UNIQUE,
    airline_id   uuid NOT NULL REFERENCES airlines(id),
    station      varchar(3) NOT NULL,
    service_date date NOT NULL,
    currency     varchar(3) NOT NULL,
    total_cents  bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE statement_lines (
    id           uuid PRIMARY KEY,
    statement_id uuid NOT NULL REFERENCES statements(id),
    service_code text NOT NULL,
    quantity     numeric(12,3) NOT NULL,
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE minimum_adjustments (
    id              uuid PRIMARY KEY,
    airline_id      uuid NOT NULL REFERENCES airlines(id),
    period          text NOT NULL,
    shortfall_cents bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (airline_id, period)
);

-- +goose Down
DROP TABLE minimum_adjustments;
DROP TABLE statement_lines;
DROP TABLE statements;
DROP TABLE adhoc_orders;
DROP TABLE deice_reservations;
DROP TABLE fuel_orders;
DROP TABLE service_lines;
