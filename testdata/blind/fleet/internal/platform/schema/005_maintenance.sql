-- Maintenance work orders (managed through gorm).

CREATE TABLE IF NOT EXISTS work_orders (
    id              uuid PRIMARY KEY,
    vehicle_id      uuid NOT NULL REFERENCES vehicles (id),
    source_event_id text UNIQUE,
    fault_code      text NOT NULL,
    priority        text NOT NULL,
    status          text NOT NULL,
    booking_id      text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    completed_at    timestamptz
);

-- A work order can be booked more than once (the partner may cancel a
-- slot), so work_order_id is not unique here.
CREATE TABLE IF NOT EXISTS workshop_bookings (
    id                 text PRIMARY KEY,
    work_order_id      uuid NOT NULL REFERENCES work_orders (id),
    partner_booking_id text NOT NULL,
    site               text NOT NULL,
    slot_at            timestamptz NOT NULL,
    status             text NOT NULL,
    created_at         timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS service_records (
    id            uuid PRIMARY KEY,
    work_order_id uuid NOT NULL REFERENCES work_orders (id),
    vehicle_id    uuid NOT NULL REFERENCES vehicles (id),
    technician    text NOT NULL,
    notes         text NOT NULL,
    odometer_km   integer NOT NULL,
    created_at    timestamptz NOT NULL
);
