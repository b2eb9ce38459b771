-- +goose Up
CREATE TABLE boat_categories (
    code           text PRIMARY KEY,
    label          text NOT NULL,
    max_passengers integer NOT NULL
);

CREATE TABLE extras_catalog (
    code        text PRIMARY KEY,
    label       text NOT NULL,
    price_cents bigint NOT NULL
);

CREATE TABLE marinas (
    id                  text PRIMARY KEY,
    name                text NOT NULL,
    partner_code        text NOT NULL,
    per_metre_fee_cents bigint NOT NULL DEFAULT 0
);

CREATE TABLE skippers (
    id             text PRIMARY KEY,
    name           text NOT NULL,
    phone          text NOT NULL,
    payout_account text NOT NULL DEFAULT ''
);

CREATE TABLE customers (
    id           text PRIMARY KEY,
    name         text NOT NULL,
    phone        text NOT NULL,
    email        text NOT NULL,
    payment_ref  text NOT NULL DEFAULT ''
);

-- Registration numbers are issued per flag state and are frequently
-- re-used after a hull is scrapped, so they are not unique here.
CREATE TABLE boats (
    id             text PRIMARY KEY,
    skipper_id     text NOT NULL REFERENCES skippers (id),
    name           text NOT NULL,
    registration   text NOT NULL,
    category       text NOT NULL REFERENCES boat_categories (code),
    length_cm      integer NOT NULL,
    home_marina_id text NOT NULL REFERENCES marinas (id),
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX boats_skipper_idx ON boats (skipper_id);

CREATE TABLE trips (
    id                text PRIMARY KEY,
    boat_id           text NOT NULL REFERENCES boats (id),
    skipper_id        text NOT NULL REFERENCES skippers (id),
    marina_id         text NOT NULL REFERENCES marinas (id),
    departs_at        timestamptz NOT NULL,
    returns_at        timestamptz NOT NULL,
    capacity          integer NOT NULL,
    held              integer NOT NULL DEFAULT 0,
    booked            integer NOT NULL DEFAULT 0,
    price_cents       bigint NOT NULL,
    deposit_pct       integer NOT NULL DEFAULT 30,
    status            text NOT NULL DEFAULT 'scheduled',
    crew_status       text NOT NULL DEFAULT 'pending',
    harbour_fee_cents bigint NOT NULL DEFAULT 0,
    completed_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (boat_id, departs_at),
    CHECK (held + booked <= capacity)
);

CREATE INDEX trips_window_idx ON trips (marina_id, departs_at);

CREATE TABLE holds (
    id          text PRIMARY KEY,
    trip_id     text NOT NULL REFERENCES trips (id),
    customer_id text NOT NULL REFERENCES customers (id),
    seats       integer NOT NULL,
    request_key text NOT NULL,
    status      text NOT NULL DEFAULT 'held',
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (customer_id, request_key)
);

CREATE TABLE bookings (
    id            text PRIMARY KEY,
    hold_id       text NOT NULL UNIQUE REFERENCES holds (id),
    trip_id       text NOT NULL REFERENCES trips (id),
    customer_id   text NOT NULL REFERENCES customers (id),
    seats         integer NOT NULL,
    total_cents   bigint NOT NULL,
    deposit_cents bigint NOT NULL,
    balance_paid  boolean NOT NULL DEFAULT false,
    status        text NOT NULL DEFAULT 'confirmed',
    created_at    timestamptz NOT NULL DEFAULT now(),
    cancelled_at  timestamptz
);

CREATE INDEX bookings_trip_idx ON bookings (trip_id);

-- +goose Down
DROP TABLE bookings;
DROP TABLE holds;
DROP TABLE trips;
DROP TABLE boats;
DROP TABLE customers;
DROP TABLE skippers;
DROP TABLE marinas;
DROP TABLE extras_catalog;
DROP TABLE boat_categories;
