-- +goose Up
CREATE TABLE label_bookings (
    id                   text PRIMARY KEY,
    return_id            text NOT NULL REFERENCES returns (id),
    carrier              text NOT NULL,
    service_level        text NOT NULL,
    status               text NOT NULL DEFAULT 'pending',
    carrier_shipment_id  text NOT NULL DEFAULT '',
    tracking_number      text NOT NULL DEFAULT '',
    label_url            text NOT NULL DEFAULT '',
    last_error           text NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (return_id)
);

CREATE INDEX label_bookings_tracking_idx ON label_bookings (tracking_number);

-- Carrier tracking webhooks already handled.
CREATE TABLE carrier_events (
    event_id     text PRIMARY KEY,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking_events (
    id               text PRIMARY KEY,
    return_id        text NOT NULL REFERENCES returns (id),
    tracking_number  text NOT NULL,
    status           text NOT NULL,
    location         text NOT NULL DEFAULT '',
    occurred_at      timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tracking_events_return_idx ON tracking_events (return_id, occurred_at);

-- +goose Down
DROP TABLE tracking_events;
DROP TABLE carrier_events;
DROP TABLE label_bookings;
