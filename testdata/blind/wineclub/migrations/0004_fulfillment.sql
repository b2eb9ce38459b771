-- +migrate Up
CREATE TABLE shipments (
    id               UUID PRIMARY KEY,
    allocation_id    UUID NOT NULL REFERENCES allocations (id),
    member_id        TEXT NOT NULL REFERENCES members (id),
    status           TEXT NOT NULL DEFAULT 'awaiting_label',
    carrier          TEXT,
    service_level    TEXT,
    label_id         TEXT,
    label_status     TEXT,
    tracking_number  TEXT,
    label_url        TEXT,
    label_cost_cents BIGINT,
    pickup_id        TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT shipments_allocation_key UNIQUE (allocation_id)
);
CREATE INDEX shipments_label_idx ON shipments (label_id);

CREATE TABLE return_labels (
    shipment_id     UUID PRIMARY KEY REFERENCES shipments (id),
    label_id        TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    label_url       TEXT NOT NULL,
    reason          TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE label_status_history (
    label_id    TEXT NOT NULL,
    status      TEXT NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (label_id, status)
);

CREATE TABLE tracking_events (
    id          TEXT PRIMARY KEY,
    shipment_id UUID NOT NULL REFERENCES shipments (id),
    status      TEXT NOT NULL,
    description TEXT,
    location    TEXT,
    occurred_at TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX tracking_events_shipment_idx ON tracking_events (shipment_id, occurred_at);

CREATE TABLE shipment_deliveries (
    shipment_id  UUID PRIMARY KEY REFERENCES shipments (id),
    delivered_at TIMESTAMPTZ NOT NULL,
    signed_by    TEXT,
    adult_signature BOOLEAN NOT NULL DEFAULT false,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE restock_entries (
    id          UUID PRIMARY KEY,
    shipment_id UUID NOT NULL REFERENCES shipments (id),
    sku         TEXT NOT NULL REFERENCES inventory (sku),
    quantity    INT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer     TEXT NOT NULL,
    message_id   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);
