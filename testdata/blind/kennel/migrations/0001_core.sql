-- Franchises, locations, owners and dogs.

CREATE TABLE franchises (
    id                 text PRIMARY KEY,
    name               text NOT NULL,
    stripe_account_id  text NOT NULL,
    platform_fee_bps   integer NOT NULL DEFAULT 1200,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE locations (
    id                   text PRIMARY KEY,
    franchise_id         text NOT NULL REFERENCES franchises (id),
    name                 text NOT NULL,
    timezone             text NOT NULL DEFAULT 'America/Chicago',
    capacity             integer NOT NULL CHECK (capacity > 0),
    nightly_rate_cents   bigint NOT NULL,
    daycare_rate_cents   bigint NOT NULL,
    active               boolean NOT NULL DEFAULT true
);

CREATE TABLE owners (
    id                        uuid PRIMARY KEY,
    full_name                 text NOT NULL,
    email                     text NOT NULL UNIQUE,
    phone                     text NOT NULL,
    home_location_id          text REFERENCES locations (id),
    stripe_customer_id        text,
    default_payment_method_id text,
    loyalty_balance           bigint NOT NULL DEFAULT 0 CHECK (loyalty_balance >= 0),
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dogs (
    id          uuid PRIMARY KEY,
    owner_id    uuid NOT NULL REFERENCES owners (id),
    name        text NOT NULL,
    breed       text,
    weight_kg   numeric(5,2),
    birth_date  date,
    notes       text,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dogs_owner_idx ON dogs (owner_id);

CREATE TABLE sms_preferences (
    owner_id          uuid PRIMARY KEY REFERENCES owners (id),
    opted_in          boolean NOT NULL DEFAULT true,
    photo_updates     boolean NOT NULL DEFAULT true,
    quiet_start_hour  smallint,
    quiet_end_hour    smallint,
    updated_at        timestamptz NOT NULL DEFAULT now()
);

-- Generic request-level idempotency for API calls that accept an
-- Idempotency-Key header.
CREATE TABLE idempotency_keys (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    status_code   integer,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_requests (
    key         text PRIMARY KEY,
    created_at  timestamptz NOT NULL DEFAULT now()
);
