-- migrate:up
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE machines (
    id                 text PRIMARY KEY,
    name               text NOT NULL UNIQUE,
    kind               text NOT NULL CHECK (kind IN ('laser', 'printer_3d', 'cnc', 'vinyl')),
    equipment_class    text NOT NULL,
    door_zone          text NOT NULL,
    hourly_rate_cents  bigint NOT NULL,
    status             text NOT NULL DEFAULT 'available'
                       CHECK (status IN ('available', 'maintenance', 'retired')),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bookings (
    id                 text PRIMARY KEY,
    member_id          text NOT NULL REFERENCES members (id),
    machine_id         text NOT NULL REFERENCES machines (id),
    client_request_id  text NOT NULL,
    starts_at          timestamptz NOT NULL,
    ends_at            timestamptz NOT NULL,
    hours              integer NOT NULL CHECK (hours > 0),
    status             text NOT NULL DEFAULT 'confirmed'
                       CHECK (status IN ('confirmed', 'cancelled', 'completed')),
    cancelled_at       timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT bookings_client_request_key UNIQUE (member_id, client_request_id),
    CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
        machine_id WITH =,
        tstzrange(starts_at, ends_at) WITH &&
    ) WHERE (status = 'confirmed')
);

CREATE INDEX bookings_member_idx ON bookings (member_id, starts_at);

CREATE TABLE booking_reminders (
    booking_id  text NOT NULL REFERENCES bookings (id),
    kind        text NOT NULL,
    provider_message_id text,
    sent_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (booking_id, kind)
);

CREATE TABLE maintenance_logs (
    id           text PRIMARY KEY,
    machine_id   text NOT NULL REFERENCES machines (id),
    ticket_ref   text NOT NULL,
    note         text NOT NULL,
    technician   text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT maintenance_logs_ticket_key UNIQUE (machine_id, ticket_ref)
);

-- migrate:down
DROP TABLE maintenance_logs;
DROP TABLE booking_reminders;
DROP TABLE bookings;
DROP TABLE machines;
