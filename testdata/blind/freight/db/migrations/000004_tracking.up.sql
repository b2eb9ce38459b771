CREATE TABLE tracking_events (
    id               uuid        PRIMARY KEY,
    shipment_id      uuid        NOT NULL REFERENCES shipments (id),
    carrier          text        NOT NULL,
    tracking_number  text        NOT NULL,
    carrier_event_id text        NOT NULL,
    status           text        NOT NULL,
    location         text,
    occurred_at      timestamptz NOT NULL,
    received_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tracking_events_carrier_event_idx ON tracking_events (carrier, carrier_event_id);
CREATE INDEX tracking_events_shipment_idx ON tracking_events (shipment_id, occurred_at);

CREATE TABLE tracking_exceptions (
    id               uuid        PRIMARY KEY,
    shipment_id      uuid        NOT NULL REFERENCES shipments (id),
    carrier          text        NOT NULL,
    carrier_event_id text        NOT NULL,
    code             text        NOT NULL,
    detail           text        NOT NULL DEFAULT '',
    occurred_at      timestamptz NOT NULL,
    CONSTRAINT tracking_exceptions_carrier_event_key UNIQUE (carrier, carrier_event_id)
);

CREATE TABLE pod_documents (
    id          uuid        PRIMARY KEY,
    shipment_id uuid        NOT NULL REFERENCES shipments (id),
    signed_by   text        NOT NULL,
    image_url   text        NOT NULL,
    delivered_at timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer     text        NOT NULL,
    message_id   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);
