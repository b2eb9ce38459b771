-- +goose Up
CREATE TABLE deliveries (
    id                   UUID PRIMARY KEY,
    subscription_id      UUID        NOT NULL REFERENCES subscriptions (id),
    kind                 TEXT        NOT NULL CHECK (kind IN ('delivery', 'swap', 'pickup')),
    vehicle_id           UUID        REFERENCES vehicles (id),
    return_vehicle_id    UUID        REFERENCES vehicles (id),
    address              TEXT        NOT NULL,
    window_start         TIMESTAMPTZ NOT NULL,
    window_end           TIMESTAMPTZ NOT NULL,
    status               TEXT        NOT NULL
                         CHECK (status IN ('requested', 'booked', 'completed', 'cancelled')),
    request_key          TEXT,
    partner_booking_ref  TEXT,
    partner_eta          TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT deliveries_partner_booking_ref_key UNIQUE (partner_booking_ref)
);

-- Client retries of ScheduleDelivery carry the same request key.
CREATE UNIQUE INDEX deliveries_request_key_uniq
    ON deliveries (subscription_id, request_key)
    WHERE request_key IS NOT NULL;

CREATE TABLE telematics_devices (
    id             UUID PRIMARY KEY,
    serial         TEXT        NOT NULL UNIQUE,
    vehicle_id     UUID        REFERENCES vehicles (id),
    status         TEXT        NOT NULL
                   CHECK (status IN ('pending_activation', 'active', 'offline', 'replacement_ordered', 'retired')),
    firmware       TEXT,
    last_seen_at   TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX telematics_devices_active_vehicle_uniq
    ON telematics_devices (vehicle_id)
    WHERE status = 'active';

CREATE TABLE device_orders (
    id               UUID PRIMARY KEY,
    vehicle_id       UUID        NOT NULL REFERENCES vehicles (id),
    device_serial    TEXT,
    kind             TEXT        NOT NULL CHECK (kind IN ('activation', 'replacement')),
    vendor_order_id  TEXT        NOT NULL UNIQUE,
    status           TEXT        NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE mileage_readings (
    id               UUID PRIMARY KEY,
    subscription_id  UUID        NOT NULL REFERENCES subscriptions (id),
    vehicle_id       UUID        NOT NULL REFERENCES vehicles (id),
    odometer_km      INTEGER     NOT NULL,
    delta_km         INTEGER     NOT NULL CHECK (delta_km >= 0),
    recorded_at      TIMESTAMPTZ NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX mileage_readings_subscription_idx ON mileage_readings (subscription_id, recorded_at);

CREATE TABLE trips (
    trip_id          TEXT PRIMARY KEY,
    vehicle_id       UUID        NOT NULL REFERENCES vehicles (id),
    subscription_id  UUID        REFERENCES subscriptions (id),
    distance_km      NUMERIC(10, 2) NOT NULL,
    max_speed_kph    INTEGER,
    harsh_events     INTEGER     NOT NULL DEFAULT 0,
    started_at       TIMESTAMPTZ NOT NULL,
    ended_at         TIMESTAMPTZ NOT NULL
);

CREATE TABLE incidents (
    id               UUID PRIMARY KEY,
    event_id         TEXT        NOT NULL UNIQUE,
    vehicle_id       UUID        NOT NULL REFERENCES vehicles (id),
    subscription_id  UUID        REFERENCES subscriptions (id),
    severity         TEXT        NOT NULL,
    latitude         DOUBLE PRECISION,
    longitude        DOUBLE PRECISION,
    occurred_at      TIMESTAMPTZ NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE geofence_alerts (
    event_id     TEXT PRIMARY KEY,
    vehicle_id   UUID        NOT NULL REFERENCES vehicles (id),
    zone         TEXT        NOT NULL,
    occurred_at  TIMESTAMPTZ NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE geofence_alerts;
DROP TABLE incidents;
DROP TABLE trips;
DROP TABLE mileage_readings;
DROP TABLE device_orders;
DROP TABLE telematics_devices;
DROP TABLE deliveries;
