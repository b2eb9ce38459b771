-- +goose Up
CREATE TABLE maintenance_tickets (
    id               text PRIMARY KEY,
    dock_id          text        NOT NULL REFERENCES docks (id),
    bike_id          text,
    fault_code       text        NOT NULL,
    severity         text        NOT NULL DEFAULT 'normal',
    source           text        NOT NULL,
    source_event_id  text,
    status           text        NOT NULL DEFAULT 'open',
    opened_at        timestamptz NOT NULL DEFAULT now(),
    closed_at        timestamptz
);

CREATE INDEX maintenance_tickets_dock_idx ON maintenance_tickets (dock_id, status);

CREATE TABLE damage_reports (
    id           text PRIMARY KEY,
    ride_id      uuid        NOT NULL REFERENCES rides (id),
    rider_id     uuid        NOT NULL REFERENCES riders (id),
    bike_id      text        NOT NULL,
    category     text        NOT NULL,
    description  text        NOT NULL DEFAULT '',
    photo_url    text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX damage_reports_bike_idx ON damage_reports (bike_id, created_at DESC);

-- +goose Down
DROP TABLE damage_reports;
DROP TABLE maintenance_tickets;
