CREATE TABLE zones (
    id          TEXT PRIMARY KEY,
    city        TEXT NOT NULL,
    name        TEXT NOT NULL,
    timezone    TEXT NOT NULL DEFAULT 'Europe/Berlin'
);

CREATE TABLE riders (
    id                     UUID PRIMARY KEY,
    phone                  TEXT NOT NULL,
    email                  TEXT,
    stripe_customer_id     TEXT,
    default_payment_method TEXT,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE api_sessions (
    token_hash  TEXT PRIMARY KEY,
    subject     TEXT NOT NULL,
    role        TEXT NOT NULL CHECK (role IN ('rider', 'technician', 'ops')),
    expires_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE scooters (
    id              TEXT PRIMARY KEY,
    zone_id         TEXT NOT NULL REFERENCES zones (id),
    status          TEXT NOT NULL DEFAULT 'available'
                    CHECK (status IN ('available', 'in_ride', 'maintenance', 'retired')),
    battery_pct     INT NOT NULL DEFAULT 100,
    battery_serial  TEXT,
    odometer_m      BIGINT NOT NULL DEFAULT 0,
    energy_used_wh  BIGINT NOT NULL DEFAULT 0,
    lat             DOUBLE PRECISION,
    lng             DOUBLE PRECISION,
    swap_pending    BOOLEAN NOT NULL DEFAULT false,
    last_seen_at    TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rides (
    id           UUID PRIMARY KEY,
    rider_id     UUID NOT NULL REFERENCES riders (id),
    scooter_id   TEXT NOT NULL REFERENCES scooters (id),
    zone_id      TEXT NOT NULL REFERENCES zones (id),
    unlock_key   TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('active', 'ended')),
    started_at   TIMESTAMPTZ NOT NULL,
    ended_at     TIMESTAMPTZ,
    ended_by     TEXT,
    distance_m   BIGINT NOT NULL DEFAULT 0,
    start_lat    DOUBLE PRECISION,
    start_lng    DOUBLE PRECISION,
    end_lat      DOUBLE PRECISION,
    end_lng      DOUBLE PRECISION,
    reported_at  TIMESTAMPTZ,
    UNIQUE (rider_id, unlock_key)
);

CREATE UNIQUE INDEX rides_one_active_per_scooter ON rides (scooter_id) WHERE status = 'active';
CREATE INDEX rides_zone_ended_idx ON rides (zone_id, ended_at) WHERE status = 'ended';

CREATE TABLE idempotency_keys (
    scope       TEXT NOT NULL,
    key         TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
