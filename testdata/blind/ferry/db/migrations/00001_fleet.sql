-- +goose Up
CREATE TABLE ports (
    code           text PRIMARY KEY,
    name           text NOT NULL,
    authority_code text NOT NULL,
    timezone       text NOT NULL DEFAULT 'Europe/London'
);

CREATE TABLE vessels (
    id                 uuid PRIMARY KEY,
    name               text NOT NULL,
    imo_number         text NOT NULL UNIQUE,
    passenger_capacity integer NOT NULL CHECK (passenger_capacity > 0),
    lane_cm            integer NOT NULL CHECK (lane_cm >= 0),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sailings (
    id                uuid PRIMARY KEY,
    vessel_id         uuid NOT NULL REFERENCES vessels (id),
    origin_port       text NOT NULL REFERENCES ports (code),
    destination_port  text NOT NULL REFERENCES ports (code),
    departs_at        timestamptz NOT NULL,
    arrives_at        timestamptz NOT NULL,
    status            text NOT NULL DEFAULT 'scheduled'
                      CHECK (status IN ('scheduled', 'boarding', 'departed', 'cancelled')),
    seats_remaining   integer NOT NULL CHECK (seats_remaining >= 0),
    lane_cm_remaining integer NOT NULL CHECK (lane_cm_remaining >= 0),
    manifest_status   text NOT NULL DEFAULT 'pending'
                      CHECK (manifest_status IN ('pending', 'submitted')),
    manifest_version  integer NOT NULL DEFAULT 0,
    cancel_reason     text,
    cancelled_at      timestamptz,
    CHECK (origin_port <> destination_port),
    UNIQUE (vessel_id, departs_at)
);

CREATE INDEX sailings_departs_at_idx ON sailings (departs_at) WHERE status = 'scheduled';

-- +goose Down
DROP TABLE sailings;
DROP TABLE vessels;
DROP TABLE ports;
