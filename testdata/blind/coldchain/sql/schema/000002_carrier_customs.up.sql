-- Truck bookings with the HaulNet partner and customs pre-clearance filings.

CREATE TABLE carrier_bookings (
    id            TEXT PRIMARY KEY,
    shipment_id   TEXT        NOT NULL REFERENCES shipments (id),
    carrier_ref   TEXT,
    truck_plate   TEXT,
    status        TEXT        NOT NULL DEFAULT 'requested',
    requested_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT carrier_bookings_shipment_uq UNIQUE (shipment_id),
    CONSTRAINT carrier_bookings_status_ck CHECK (status IN ('requested', 'confirmed', 'rejected', 'cancelled'))
);

CREATE UNIQUE INDEX carrier_bookings_carrier_ref_uq
    ON carrier_bookings (carrier_ref)
    WHERE carrier_ref IS NOT NULL;

CREATE TABLE customs_filings (
    id              TEXT PRIMARY KEY,
    shipment_id     TEXT        NOT NULL REFERENCES shipments (id),
    kind            TEXT        NOT NULL,
    submitter_ref   TEXT        NOT NULL,
    entry_number    TEXT,
    status          TEXT        NOT NULL DEFAULT 'pending',
    payload         JSONB       NOT NULL DEFAULT '{}'::jsonb,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at    TIMESTAMPTZ,
    CONSTRAINT customs_filings_kind_ck CHECK (kind IN ('pre_clearance', 'amendment')),
    CONSTRAINT customs_filings_submitter_ref_uq UNIQUE (submitter_ref)
);

-- One pre-clearance filing per shipment; amendments may be many.
CREATE UNIQUE INDEX customs_filings_pre_clearance_uq
    ON customs_filings (shipment_id)
    WHERE kind = 'pre_clearance';
