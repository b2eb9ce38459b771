-- +goose Up
CREATE TABLE shipments (
    id               uuid PRIMARY KEY,
    refill_id        uuid        NOT NULL REFERENCES refill_requests (id),
    carrier          text        NOT NULL,
    service_level    text        NOT NULL,
    status           text        NOT NULL,
    label_id         text,
    tracking_number  text,
    label_url        text        NOT NULL DEFAULT '',
    postage_cents    bigint      NOT NULL DEFAULT 0,
    ship_line1       text        NOT NULL DEFAULT '',
    ship_line2       text        NOT NULL DEFAULT '',
    ship_city        text        NOT NULL DEFAULT '',
    ship_state       text        NOT NULL DEFAULT '',
    ship_postal_code text        NOT NULL DEFAULT '',
    shipped_at       timestamptz,
    delivered_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT shipments_refill_key UNIQUE (refill_id)
);

CREATE UNIQUE INDEX shipments_tracking_key
    ON shipments (carrier, tracking_number) WHERE tracking_number IS NOT NULL;
CREATE INDEX shipments_status_idx ON shipments (status, created_at);

CREATE TABLE tracking_events (
    id               uuid PRIMARY KEY,
    shipment_id      uuid        NOT NULL REFERENCES shipments (id),
    carrier          text        NOT NULL,
    carrier_event_id text        NOT NULL,
    status           text        NOT NULL,
    description      text        NOT NULL DEFAULT '',
    occurred_at      timestamptz NOT NULL,
    received_at      timestamptz NOT NULL,
    CONSTRAINT tracking_events_carrier_event_key UNIQUE (carrier, carrier_event_id)
);

CREATE TABLE reship_orders (
    id          uuid PRIMARY KEY,
    shipment_id uuid        NOT NULL REFERENCES shipments (id),
    refill_id   uuid        NOT NULL REFERENCES refill_requests (id),
    reason      text        NOT NULL,
    status      text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX reship_orders_status_idx ON reship_orders (status, created_at);

CREATE TABLE carrier_pickups (
    id                  text PRIMARY KEY,
    location_id         text        NOT NULL,
    pickup_date         date        NOT NULL,
    confirmation_number text        NOT NULL,
    package_count       integer     NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX carrier_pickups_location_date_idx ON carrier_pickups (location_id, pickup_date);

-- +goose Down
DROP TABLE carrier_pickups;
DROP TABLE reship_orders;
DROP TABLE tracking_events;
DROP TABLE shipments;
