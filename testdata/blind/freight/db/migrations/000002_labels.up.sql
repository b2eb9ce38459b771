CREATE TABLE label_operations (
    id          text        PRIMARY KEY,
    shipment_id uuid        NOT NULL REFERENCES shipments (id),
    carrier     text        NOT NULL,
    status      text        NOT NULL DEFAULT 'pending',
    label_id    text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT label_operations_shipment_carrier_key UNIQUE (shipment_id, carrier)
);

CREATE TABLE labels (
    id              text        PRIMARY KEY,
    shipment_id     uuid        NOT NULL REFERENCES shipments (id),
    carrier         text        NOT NULL,
    tracking_number text        NOT NULL,
    label_url       text        NOT NULL,
    cost_cents      bigint      NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT labels_tracking_number_key UNIQUE (tracking_number)
);

CREATE INDEX labels_shipment_id_idx ON labels (shipment_id);

CREATE TABLE return_labels (
    id              text        PRIMARY KEY,
    shipment_id     uuid        NOT NULL REFERENCES shipments (id),
    tracking_number text        NOT NULL,
    label_url       text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT return_labels_shipment_id_key UNIQUE (shipment_id)
);

CREATE TABLE pickups (
    id           uuid        PRIMARY KEY,
    shipment_id  uuid        NOT NULL REFERENCES shipments (id),
    carrier      text        NOT NULL,
    confirmation text        NOT NULL,
    window_start timestamptz NOT NULL,
    window_end   timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customs_filings (
    id             uuid        PRIMARY KEY,
    shipment_id    uuid        NOT NULL REFERENCES shipments (id),
    carrier        text        NOT NULL,
    filing_number  text        NOT NULL,
    hs_codes       text[]      NOT NULL,
    declared_cents bigint      NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
