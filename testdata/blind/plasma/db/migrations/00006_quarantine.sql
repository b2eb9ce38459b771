-- +goose Up
CREATE TABLE quarantine_releases (
    id           text PRIMARY KEY,
    unit_id      text NOT NULL REFERENCES plasma_units (id),
    method       text NOT NULL CHECK (method IN ('automatic', 'manual')),
    released_by  text NOT NULL,
    released_at  timestamptz NOT NULL,
    note         text NOT NULL DEFAULT '',
    CONSTRAINT quarantine_releases_unit_key UNIQUE (unit_id)
);

CREATE TABLE shipments (
    id                 text PRIMARY KEY,
    centre_id          text NOT NULL REFERENCES centres (id),
    consignee          text NOT NULL,
    pickup_ref         text NOT NULL,
    pickup_window      tstzrange NOT NULL,
    status             text NOT NULL DEFAULT 'booked'
                       CHECK (status IN ('booked', 'dispatched', 'received', 'cancelled')),
    carton_count       integer NOT NULL,
    created_by         text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    dispatched_at      timestamptz,
    manifest_sent_at   timestamptz
);

CREATE TABLE shipment_units (
    shipment_id  text NOT NULL REFERENCES shipments (id),
    unit_id      text NOT NULL REFERENCES plasma_units (id),
    carton_no    integer NOT NULL,
    PRIMARY KEY (shipment_id, unit_id),
    CONSTRAINT shipment_units_unit_key UNIQUE (unit_id)
);

-- +goose Down
DROP TABLE shipment_units;
DROP TABLE shipments;
DROP TABLE quarantine_releases;
