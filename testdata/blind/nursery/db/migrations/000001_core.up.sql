CREATE TABLE nurseries (
    id          uuid PRIMARY KEY,
    name        text NOT NULL,
    council_urn text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rooms (
    id                  uuid PRIMARY KEY,
    nursery_id          uuid NOT NULL REFERENCES nurseries (id),
    name                text NOT NULL,
    capacity            integer NOT NULL,
    places_taken        integer NOT NULL DEFAULT 0,
    children_per_staff  integer NOT NULL,
    lead_phone          text NOT NULL DEFAULT '',
    manager_email       text NOT NULL DEFAULT '',
    CONSTRAINT rooms_places_check CHECK (places_taken >= 0 AND places_taken <= capacity)
);

CREATE TABLE families (
    id            uuid PRIMARY KEY,
    nursery_id    uuid NOT NULL REFERENCES nurseries (id),
    display_name  text NOT NULL,
    primary_email text NOT NULL,
    primary_phone text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX families_nursery_idx ON families (nursery_id);

CREATE TABLE children (
    id            uuid PRIMARY KEY,
    family_id     uuid NOT NULL REFERENCES families (id),
    first_name    text NOT NULL,
    last_name     text NOT NULL,
    date_of_birth date NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE enrolments (
    id              uuid PRIMARY KEY,
    child_id        uuid NOT NULL REFERENCES children (id),
    room_id         uuid NOT NULL REFERENCES rooms (id),
    start_date      date NOT NULL,
    funded_hours    numeric(5, 2) NOT NULL DEFAULT 0,
    status          text NOT NULL DEFAULT 'confirmed',
    welcome_sent_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT enrolments_child_room_start_key UNIQUE (child_id, room_id, start_date)
);

CREATE TABLE funding_entitlements (
    enrolment_id   uuid NOT NULL REFERENCES enrolments (id),
    term           text NOT NULL,
    hours_per_week numeric(5, 2) NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (enrolment_id, term)
);

CREATE TABLE bookings (
    id           uuid PRIMARY KEY,
    child_id     uuid NOT NULL REFERENCES children (id),
    room_id      uuid NOT NULL REFERENCES rooms (id),
    session_date date NOT NULL,
    session      text NOT NULL,
    fee_pence    bigint NOT NULL,
    status       text NOT NULL DEFAULT 'booked',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX bookings_active_slot_key
    ON bookings (child_id, session_date, session)
    WHERE status = 'booked';

CREATE TABLE booking_swaps (
    from_booking_id uuid PRIMARY KEY REFERENCES bookings (id),
    to_booking_id   uuid NOT NULL REFERENCES bookings (id),
    reason          text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now()
);
