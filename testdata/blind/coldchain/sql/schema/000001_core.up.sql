-- Core entities: shippers, drivers, shipments and the sensors riding with them.

CREATE TABLE shippers (
    id                 TEXT PRIMARY KEY,
    name               TEXT        NOT NULL,
    billing_email      TEXT        NOT NULL,
    ops_phone          TEXT        NOT NULL,
    dispatcher_phone   TEXT,
    stripe_customer_id TEXT,
    autopay_enabled    BOOLEAN     NOT NULL DEFAULT FALSE,
    default_payment_method TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX shippers_stripe_customer_uq
    ON shippers (stripe_customer_id)
    WHERE stripe_customer_id IS NOT NULL;

CREATE TABLE drivers (
    id                TEXT PRIMARY KEY,
    full_name         TEXT        NOT NULL,
    phone             TEXT        NOT NULL,
    paylane_account   TEXT        NOT NULL,
    fuel_card_id      TEXT,
    active            BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    id                TEXT PRIMARY KEY,
    shipper_id        TEXT        NOT NULL REFERENCES shippers (id),
    shipper_reference TEXT        NOT NULL,
    origin            TEXT        NOT NULL,
    destination       TEXT        NOT NULL,
    commodity         TEXT        NOT NULL,
    temp_min_c        DOUBLE PRECISION NOT NULL,
    temp_max_c        DOUBLE PRECISION NOT NULL,
    pickup_at         TIMESTAMPTZ NOT NULL,
    cross_border      BOOLEAN     NOT NULL DEFAULT FALSE,
    status            TEXT        NOT NULL DEFAULT 'booked',
    door_open_count   INTEGER     NOT NULL DEFAULT 0,
    price_cents       BIGINT      NOT NULL,
    currency          TEXT        NOT NULL DEFAULT 'usd',
    driver_id         TEXT REFERENCES drivers (id),
    invoice_id        TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT shipments_temp_range_ck CHECK (temp_min_c < temp_max_c),
    CONSTRAINT shipments_status_ck CHECK (status IN
        ('booked', 'carrier_assigned', 'in_transit', 'seal_breach', 'delivered', 'cancelled'))
);

CREATE INDEX shipments_shipper_idx ON shipments (shipper_id, created_at DESC);
CREATE INDEX shipments_uninvoiced_idx ON shipments (shipper_id)
    WHERE status = 'delivered' AND invoice_id IS NULL;

CREATE TABLE sensor_devices (
    device_id    TEXT PRIMARY KEY,
    shipment_id  TEXT        NOT NULL REFERENCES shipments (id),
    attached_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE temperature_readings (
    device_id    TEXT        NOT NULL,
    seq          BIGINT      NOT NULL,
    shipment_id  TEXT        NOT NULL REFERENCES shipments (id),
    celsius      DOUBLE PRECISION NOT NULL,
    recorded_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (device_id, seq)
);

CREATE TABLE humidity_readings (
    id           UUID PRIMARY KEY,
    device_id    TEXT        NOT NULL,
    shipment_id  TEXT        NOT NULL REFERENCES shipments (id),
    relative_pct DOUBLE PRECISION NOT NULL,
    recorded_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE shipment_positions (
    shipment_id  TEXT PRIMARY KEY REFERENCES shipments (id),
    lat          DOUBLE PRECISION NOT NULL,
    lon          DOUBLE PRECISION NOT NULL,
    recorded_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE excursion_alerts (
    id           UUID PRIMARY KEY,
    shipment_id  TEXT        NOT NULL REFERENCES shipments (id),
    device_id    TEXT        NOT NULL,
    celsius      DOUBLE PRECISION NOT NULL,
    limit_c      DOUBLE PRECISION NOT NULL,
    recorded_at  TIMESTAMPTZ NOT NULL,
    notified_at  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX excursion_alerts_shipment_idx ON excursion_alerts (shipment_id, recorded_at);

CREATE TABLE door_events (
    id           TEXT PRIMARY KEY,
    shipment_id  TEXT        NOT NULL REFERENCES shipments (id),
    device_id    TEXT        NOT NULL,
    opened_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE shipment_events (
    id           TEXT PRIMARY KEY,
    event_id     TEXT        NOT NULL,
    shipment_id  TEXT        NOT NULL REFERENCES shipments (id),
    kind         TEXT        NOT NULL,
    detail       JSONB       NOT NULL DEFAULT '{}'::jsonb,
    occurred_at  TIMESTAMPTZ NOT NULL,
    notified_at  TIMESTAMPTZ,
    CONSTRAINT shipment_events_event_id_uq UNIQUE (event_id)
);

CREATE TABLE processed_messages (
    message_id   TEXT PRIMARY KEY,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
