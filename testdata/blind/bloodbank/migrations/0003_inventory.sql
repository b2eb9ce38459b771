-- Component inventory. A donation is split into components, each with its own
-- unit number (donation number + product code) and shelf life.

CREATE TABLE components (
    id           uuid PRIMARY KEY,
    unit_number  text        NOT NULL UNIQUE,
    donation_id  uuid        NOT NULL REFERENCES donations (id),
    kind         text        NOT NULL CHECK (kind IN ('red_cells', 'plasma', 'platelets')),
    blood_group  text        NOT NULL,
    status       text        NOT NULL DEFAULT 'quarantine'
                 CHECK (status IN ('quarantine', 'available', 'reserved', 'issued',
                                   'in_transit', 'transferred', 'expired', 'discarded')),
    order_id     uuid,
    transfer_id  uuid,
    expires_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX components_stock_idx ON components (kind, blood_group, expires_at) WHERE status = 'available';
CREATE INDEX components_order_idx ON components (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE component_writeoffs (
    component_id    uuid PRIMARY KEY REFERENCES components (id),
    reason          text        NOT NULL,
    written_off_at  timestamptz NOT NULL DEFAULT now()
);
