-- Core reservation tables.

CREATE TABLE restaurants (
    id                    TEXT PRIMARY KEY,
    name                  TEXT        NOT NULL,
    timezone              TEXT        NOT NULL DEFAULT 'UTC',
    manager_phone         TEXT        NOT NULL,
    contact_email         TEXT        NOT NULL,
    country               TEXT        NOT NULL DEFAULT 'US',
    currency              TEXT        NOT NULL DEFAULT 'usd',
    webhook_url           TEXT,
    webhook_secret        TEXT,
    stripe_account_id     TEXT,
    pos_location_id       TEXT,
    deposit_cents         BIGINT      NOT NULL DEFAULT 0,
    no_show_fee_cents     BIGINT      NOT NULL DEFAULT 0,
    cancel_window_minutes INTEGER     NOT NULL DEFAULT 1440,
    platform_fee_bps      INTEGER     NOT NULL DEFAULT 250,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE diners (
    id                     TEXT PRIMARY KEY,
    full_name              TEXT        NOT NULL,
    phone                  TEXT        NOT NULL,
    email                  TEXT        NOT NULL,
    stripe_customer_id     TEXT,
    default_payment_method TEXT,
    no_show_strikes        INTEGER     NOT NULL DEFAULT 0,
    blocked_at             TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE slots (
    id               TEXT PRIMARY KEY,
    restaurant_id    TEXT        NOT NULL REFERENCES restaurants (id),
    table_id         TEXT        NOT NULL,
    starts_at        TIMESTAMPTZ NOT NULL,
    duration_minutes INTEGER     NOT NULL,
    party_max        INTEGER     NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (restaurant_id, table_id, starts_at)
);

CREATE TABLE bookings (
    id                 TEXT PRIMARY KEY,
    restaurant_id      TEXT        NOT NULL REFERENCES restaurants (id),
    diner_id           TEXT REFERENCES diners (id),
    slot_id            TEXT REFERENCES slots (id),
    party_size         INTEGER     NOT NULL,
    status             TEXT        NOT NULL,
    source             TEXT        NOT NULL DEFAULT 'app',
    guest_name         TEXT        NOT NULL DEFAULT '',
    deposit_cents      BIGINT      NOT NULL DEFAULT 0,
    pos_hold_ref       TEXT,
    pos_reservation_id TEXT,
    cancel_reason      TEXT,
    starts_at          TIMESTAMPTZ NOT NULL,
    ends_at            TIMESTAMPTZ NOT NULL,
    confirmed_at       TIMESTAMPTZ,
    cancelled_at       TIMESTAMPTZ,
    seated_at          TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Only one live booking per slot.
CREATE UNIQUE INDEX bookings_live_slot_idx
    ON bookings (slot_id)
    WHERE status IN ('pending', 'confirmed', 'seated');

CREATE INDEX bookings_restaurant_starts_idx ON bookings (restaurant_id, starts_at);

-- Append-only audit trail of booking state changes.
CREATE TABLE booking_events (
    id         UUID PRIMARY KEY,
    booking_id TEXT        NOT NULL REFERENCES bookings (id),
    kind       TEXT        NOT NULL,
    actor      TEXT        NOT NULL,
    payload    JSONB       NOT NULL DEFAULT '{}'::jsonb,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, created_at);

-- Client-supplied Idempotency-Key bookkeeping for HTTP mutations.
CREATE TABLE idempotency_keys (
    scope        TEXT        NOT NULL,
    key          TEXT        NOT NULL,
    request_hash TEXT        NOT NULL,
    resource_id  TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);
