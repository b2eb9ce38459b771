-- +goose Up
CREATE TABLE reefer_plug_events (
    id           bigserial PRIMARY KEY,
    event_id     text NOT NULL,
    container_no text NOT NULL,
    slot_id      text NOT NULL,
    plugged      boolean NOT NULL,
    occurred_at  timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT reefer_plug_events_event_uq UNIQUE (event_id)
);

CREATE TABLE reefer_readings (
    container_no text NOT NULL,
    seq          bigint NOT NULL,
    supply_temp  double precision NOT NULL,
    return_temp  double precision NOT NULL,
    setpoint     double precision NOT NULL,
    read_at      timestamptz NOT NULL,
    received_at  timestamptz NOT NULL,
    PRIMARY KEY (container_no, seq)
);

CREATE TABLE reefer_incidents (
    ref          text PRIMARY KEY,
    container_no text NOT NULL,
    alarm_code   text NOT NULL,
    detail       text NOT NULL DEFAULT '',
    status       text NOT NULL,
    opened_at    timestamptz NOT NULL
);

CREATE TABLE processed_events (
    consumer     text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL,
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE idempotency_keys (
    key         text PRIMARY KEY,
    route       text NOT NULL,
    status_code integer NOT NULL,
    body        bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE idempotency_keys;
DROP TABLE processed_events;
DROP TABLE reefer_incidents;
DROP TABLE reefer_readings;
DROP TABLE reefer_plug_events;
