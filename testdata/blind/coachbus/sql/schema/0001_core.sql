-- Core network: routes, scheduled trips and the people who book them.

CREATE TABLE routes (
    id          uuid PRIMARY KEY,
    code        text NOT NULL UNIQUE,
    origin      text NOT NULL,
    destination text NOT NULL
);

CREATE TABLE trips (
    id              uuid PRIMARY KEY,
    route_id        uuid NOT NULL REFERENCES routes (id),
    departs_at      timestamptz NOT NULL,
    arrives_at      timestamptz NOT NULL,
    capacity        integer NOT NULL CHECK (capacity > 0),
    seats_available integer NOT NULL CHECK (seats_available >= 0),
    fare_cents      bigint NOT NULL CHECK (fare_cents >= 0),
    currency        text NOT NULL DEFAULT 'gbp',
    status          text NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled', 'departed', 'completed', 'cancelled')),
    cancel_reason   text,
    cancelled_at    timestamptz,
    UNIQUE (route_id, departs_at),
    CHECK (seats_available <= capacity)
);

CREATE INDEX trips_route_departure_idx ON trips (route_id, departs_at) WHERE status = 'scheduled';

CREATE TABLE customers (
    id                     uuid PRIMARY KEY,
    email                  text NOT NULL UNIQUE,
    phone                  text,
    stripe_customer_id     text UNIQUE,
    default_payment_method text,
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partners (
    id             uuid PRIMARY KEY,
    code           text NOT NULL UNIQUE,
    name           text NOT NULL,
    api_key_hash   text NOT NULL UNIQUE,
    webhook_url    text,
    commission_bps integer NOT NULL DEFAULT 0 CHECK (commission_bps BETWEEN 0 AND 5000),
    active         boolean NOT NULL DEFAULT true
);
