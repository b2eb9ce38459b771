CREATE TABLE label_requests (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES orders(id),
    package_seq     INTEGER NOT NULL,
    carrier         TEXT NOT NULL,
    service_level   TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    tracking_number TEXT,
    label_url       TEXT,
    cost_cents      BIGINT,
    attempts        INTEGER NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT label_requests_package_key UNIQUE (order_id, package_seq)
);

CREATE TABLE labels (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES orders(id),
    package_seq     INTEGER NOT NULL,
    carrier         TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    label_url       TEXT NOT NULL,
    cost_cents      BIGINT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES orders(id),
    merchant_id     TEXT NOT NULL,
    carrier         TEXT NOT NULL,
    tracking_number TEXT NOT NULL UNIQUE,
    consignee_phone TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'label_created',
    dispatched_at   TIMESTAMPTZ,
    delivered_at    TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tracking_events (
    id               TEXT PRIMARY KEY,
    shipment_id      TEXT NOT NULL REFERENCES shipments(id),
    carrier_event_id TEXT NOT NULL,
    code             TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    location         TEXT NOT NULL DEFAULT '',
    occurred_at      TIMESTAMPTZ NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX tracking_events_shipment_idx ON tracking_events (shipment_id, occurred_at);

CREATE TABLE consignee_notifications (
    id          TEXT PRIMARY KEY,
    shipment_id TEXT NOT NULL REFERENCES shipments(id),
    kind        TEXT NOT NULL,
    channel     TEXT NOT NULL,
    provider_id TEXT NOT NULL DEFAULT '',
    sent_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE pickups (
    id           TEXT PRIMARY KEY,
    carrier      TEXT NOT NULL,
    dock         TEXT NOT NULL,
    pickup_date  DATE NOT NULL,
    window_start TEXT NOT NULL,
    window_end   TEXT NOT NULL,
    pallets      INTEGER NOT NULL DEFAULT 0,
    confirmation TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
