-- Customers, vehicles, reservations and rentals.

CREATE TABLE IF NOT EXISTS customers (
    id                 uuid PRIMARY KEY,
    full_name          text NOT NULL,
    email              text NOT NULL UNIQUE,
    phone              text NOT NULL,
    stripe_customer_id text NOT NULL,
    default_pm_id      text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS vehicles (
    id               uuid PRIMARY KEY,
    plate            text NOT NULL UNIQUE,
    vin              text NOT NULL UNIQUE,
    class            text NOT NULL,
    branch           text NOT NULL,
    status           text NOT NULL DEFAULT 'available',
    odometer_km      integer NOT NULL DEFAULT 0,
    km_since_service integer NOT NULL DEFAULT 0,
    fuel_pct         smallint NOT NULL DEFAULT 100,
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS reservations (
    id                text PRIMARY KEY,
    customer_id       uuid NOT NULL REFERENCES customers (id),
    vehicle_class     text NOT NULL,
    branch            text NOT NULL,
    pickup_at         timestamptz NOT NULL,
    return_at         timestamptz NOT NULL,
    status            text NOT NULL,
    deposit_cents     bigint NOT NULL,
    deposit_intent_id text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS reservations_customer_idx ON reservations (customer_id, pickup_at);

-- Keys sent by API clients in the Idempotency-Key header.
CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope       text NOT NULL,
    key         text NOT NULL,
    resource_id text NOT NULL DEFAULT '',
    response    jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS rentals (
    id              uuid PRIMARY KEY,
    reservation_id  text NOT NULL UNIQUE REFERENCES reservations (id),
    customer_id     uuid NOT NULL REFERENCES customers (id),
    vehicle_id      uuid NOT NULL REFERENCES vehicles (id),
    status          text NOT NULL,
    checked_out_at  timestamptz NOT NULL,
    checked_in_at   timestamptz,
    due_at          timestamptz NOT NULL,
    odometer_out    integer NOT NULL,
    odometer_in     integer,
    fuel_out        smallint NOT NULL,
    fuel_in         smallint,
    km_driven       integer NOT NULL DEFAULT 0,
    damage_reported boolean NOT NULL DEFAULT false,
    receipt_sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS rentals_vehicle_idx ON rentals (vehicle_id, checked_out_at);

CREATE TABLE IF NOT EXISTS rental_extensions (
    id         uuid PRIMARY KEY,
    rental_id  uuid NOT NULL REFERENCES rentals (id),
    old_due_at timestamptz NOT NULL,
    new_due_at timestamptz NOT NULL,
    fee_cents  bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- A rental may carry several charges of the same kind (one per extension,
-- several damage items), so there is no uniqueness beyond the id.
CREATE TABLE IF NOT EXISTS rental_charges (
    id           uuid PRIMARY KEY,
    rental_id    uuid NOT NULL REFERENCES rentals (id),
    customer_id  uuid NOT NULL REFERENCES customers (id),
    kind         text NOT NULL,
    amount_cents bigint NOT NULL,
    status       text NOT NULL DEFAULT 'open',
    created_at   timestamptz NOT NULL DEFAULT now(),
    settled_at   timestamptz
);
CREATE INDEX IF NOT EXISTS rental_charges_open_idx ON rental_charges (status, created_at);
