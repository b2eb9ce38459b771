-- Multi-parcel orders book several labels, so order_id is not unique.
CREATE TABLE shipments (
    id              UUID PRIMARY KEY,
    escrow_id       TEXT        NOT NULL REFERENCES escrows (id),
    order_id        TEXT        NOT NULL,
    carrier         TEXT        NOT NULL,
    tracking_number TEXT        NOT NULL,
    label_url       TEXT        NOT NULL,
    status          TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX shipments_order_id_idx ON shipments (order_id);
CREATE INDEX shipments_tracking_number_idx ON shipments (tracking_number);

CREATE TABLE pickups (
    shipment_id       UUID PRIMARY KEY REFERENCES shipments (id),
    confirmation_code TEXT        NOT NULL,
    window_start      TIMESTAMPTZ NOT NULL,
    window_end        TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Delivery notifications from the shipping partner, keyed by the partner's event id.
CREATE TABLE delivery_events (
    event_id        TEXT PRIMARY KEY,
    tracking_number TEXT        NOT NULL,
    status          TEXT        NOT NULL,
    occurred_at     TIMESTAMPTZ NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shipment_exceptions (
    partner_event_id TEXT PRIMARY KEY,
    tracking_number  TEXT        NOT NULL,
    code             TEXT        NOT NULL,
    detail           TEXT        NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
