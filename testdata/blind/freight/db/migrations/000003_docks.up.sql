CREATE TABLE dock_slots (
    id           text        PRIMARY KEY,
    warehouse_id text        NOT NULL,
    door         text        NOT NULL,
    starts_at    timestamptz NOT NULL,
    ends_at      timestamptz NOT NULL,
    capacity     integer     NOT NULL CHECK (capacity > 0),
    reserved     integer     NOT NULL DEFAULT 0,
    CONSTRAINT dock_slots_reserved_check CHECK (reserved >= 0 AND reserved <= capacity),
    CONSTRAINT dock_slots_warehouse_door_start_key UNIQUE (warehouse_id, door, starts_at)
);

CREATE TABLE dock_reservations (
    id          text        PRIMARY KEY,
    slot_id     text        NOT NULL REFERENCES dock_slots (id),
    shipment_id uuid        NOT NULL REFERENCES shipments (id),
    status      text        NOT NULL DEFAULT 'reserved',
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT dock_reservations_status_check CHECK (status IN ('reserved', 'checked_in', 'released'))
);

CREATE INDEX dock_reservations_shipment_idx ON dock_reservations (shipment_id);

CREATE TABLE dock_checkins (
    reservation_id text        PRIMARY KEY REFERENCES dock_reservations (id),
    gate           text        NOT NULL,
    trailer_plate  text        NOT NULL,
    arrived_at     timestamptz NOT NULL
);
