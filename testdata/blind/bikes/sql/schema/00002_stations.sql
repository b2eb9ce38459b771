-- +goose Up
CREATE TABLE stations (
    id          text PRIMARY KEY,
    name        text             NOT NULL,
    capacity    integer          NOT NULL,
    target_fill integer          NOT NULL DEFAULT 50,
    latitude    double precision NOT NULL,
    longitude   double precision NOT NULL,
    active      boolean          NOT NULL DEFAULT true
);

CREATE TABLE docks (
    id         text PRIMARY KEY,
    station_id text    NOT NULL REFERENCES stations (id),
    position   integer NOT NULL,
    status     text    NOT NULL DEFAULT 'ok',
    bike_id    text,
    last_seen  timestamptz
);

CREATE TABLE bikes (
    id          text PRIMARY KEY,
    kind        text    NOT NULL DEFAULT 'classic',
    battery_pct integer,
    status      text    NOT NULL DEFAULT 'available'
);

CREATE TABLE dock_status_events (
    event_id     text PRIMARY KEY,
    dock_id      text        NOT NULL REFERENCES docks (id),
    status       text        NOT NULL,
    bike_id      text,
    voltage_mv   integer,
    occurred_at  timestamptz NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dock_status_events_dock_idx ON dock_status_events (dock_id, occurred_at DESC);

-- +goose Down
DROP TABLE dock_status_events;
DROP TABLE bikes;
DROP TABLE docks;
DROP TABLE stations;
