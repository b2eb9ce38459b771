-- Facilities, units, customers and rentals.

CREATE TABLE facilities (
    id            text PRIMARY KEY,
    name          text NOT NULL,
    timezone      text NOT NULL DEFAULT 'America/Chicago',
    gate_site_id  text NOT NULL UNIQUE,
    manager_phone text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE units (
    id                 text PRIMARY KEY,
    facility_id        text NOT NULL REFERENCES facilities(id),
    label              text NOT NULL,
    size_code          text NOT NULL,
    monthly_rate_cents bigint NOT NULL,
    status             text NOT NULL DEFAULT 'vacant'
                       CHECK (status IN ('vacant','occupied','overlocked','auction','cleaning','unavailable')),
    gate_door_id       text,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (facility_id, label)
);
CREATE INDEX units_facility_size ON units (facility_id, size_code, status);

CREATE TABLE customers (
    id                 text PRIMARY KEY,
    email              text NOT NULL UNIQUE,
    phone              text NOT NULL DEFAULT '',
    full_name          text NOT NULL,
    stripe_customer_id text UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reservations (
    id           text PRIMARY KEY,
    facility_id  text NOT NULL REFERENCES facilities(id),
    size_code    text NOT NULL,
    customer_id  text NOT NULL REFERENCES customers(id),
    move_in_date date NOT NULL,
    quoted_rate_cents bigint NOT NULL,
    status       text NOT NULL DEFAULT 'held'
                 CHECK (status IN ('held','converted','expired','cancelled')),
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservations_open ON reservations (facility_id, size_code) WHERE status = 'held';

CREATE TABLE rentals (
    id                 text PRIMARY KEY,
    unit_id            text NOT NULL REFERENCES units(id),
    customer_id        text NOT NULL REFERENCES customers(id),
    reservation_id     text UNIQUE REFERENCES reservations(id),
    move_in_key        text NOT NULL UNIQUE,
    status             text NOT NULL DEFAULT 'active'
                       CHECK (status IN ('active','delinquent','overlocked','lien','closed')),
    monthly_rate_cents bigint NOT NULL,
    bill_day           int NOT NULL DEFAULT 1,
    balance_cents      bigint NOT NULL DEFAULT 0,
    autopay_pm_id      text,
    last_access_at     timestamptz,
    started_on         date NOT NULL,
    closed_on          date,
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rentals_one_open_per_unit ON rentals (unit_id) WHERE status <> 'closed';

CREATE TABLE move_outs (
    rental_id            text PRIMARY KEY REFERENCES rentals(id),
    move_out_date        date NOT NULL,
    prorate_credit_cents bigint NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now()
);
