-- Hosts, kitchens and bookings.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE hosts (
    id          UUID PRIMARY KEY,
    email       TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE kitchens (
    id                 UUID PRIMARY KEY,
    host_id            UUID NOT NULL REFERENCES hosts(id),
    name               TEXT NOT NULL,
    address_line       TEXT NOT NULL,
    city               TEXT NOT NULL,
    postal_code        TEXT NOT NULL,
    access_notes       TEXT NOT NULL DEFAULT '',
    hourly_rate_cents  BIGINT NOT NULL CHECK (hourly_rate_cents > 0),
    deposit_cents      BIGINT NOT NULL CHECK (deposit_cents >= 0),
    currency           CHAR(3) NOT NULL DEFAULT 'USD',
    timezone           TEXT NOT NULL DEFAULT 'America/New_York',
    active             BOOLEAN NOT NULL DEFAULT true,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX kitchens_host_idx ON kitchens (host_id);

CREATE TABLE bookings (
    id                    UUID PRIMARY KEY,
    kitchen_id            UUID NOT NULL REFERENCES kitchens(id),
    renter_id             UUID NOT NULL,
    renter_email          TEXT NOT NULL,
    renter_name           TEXT NOT NULL,
    starts_at             TIMESTAMPTZ NOT NULL,
    ends_at               TIMESTAMPTZ NOT NULL,
    status                TEXT NOT NULL CHECK (status IN ('pending','confirmed','in_progress','checked_out','completed','cancelled')),
    hourly_rate_cents     BIGINT NOT NULL,
    total_cents           BIGINT NOT NULL,
    currency              CHAR(3) NOT NULL,
    meter_session_id      TEXT,
    confirmation_sent_at  TIMESTAMPTZ,
    reminder_sent_at      TIMESTAMPTZ,
    checked_out_at        TIMESTAMPTZ,
    cancelled_at          TIMESTAMPTZ,
    cancel_reason         TEXT,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at),
    -- A kitchen cannot be double-booked while a booking holds its slot.
    EXCLUDE USING gist (
        kitchen_id WITH =,
        tstzrange(starts_at, ends_at) WITH &&
    ) WHERE (status IN ('pending','confirmed','in_progress'))
);

CREATE INDEX bookings_kitchen_starts_idx ON bookings (kitchen_id, starts_at);
CREATE INDEX bookings_renter_idx ON bookings (renter_id, created_at DESC);
CREATE UNIQUE INDEX bookings_meter_session_uq ON bookings (meter_session_id) WHERE meter_session_id IS NOT NULL;

-- Client-supplied Idempotency-Key values for API mutations, per scope.
CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    resource_id  TEXT NOT NULL,
    response     JSONB,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE booking_charges (
    id                  UUID PRIMARY KEY,
    booking_id          UUID NOT NULL REFERENCES bookings(id),
    kind                TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    provider_charge_id  TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'pending',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX booking_charges_booking_idx ON booking_charges (booking_id);
