-- +goose Up
CREATE TABLE loyalty_members (
    id         uuid PRIMARY KEY,
    email      text NOT NULL UNIQUE,
    phone      text,
    full_name  text NOT NULL,
    tier       text NOT NULL DEFAULT 'harbour'
               CHECK (tier IN ('harbour', 'coastal', 'ocean')),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bookings (
    id                   uuid PRIMARY KEY,
    reference            text NOT NULL UNIQUE,
    sailing_id           uuid NOT NULL REFERENCES sailings (id),
    member_id            uuid REFERENCES loyalty_members (id),
    contact_email        text NOT NULL,
    contact_phone        text NOT NULL,
    status               text NOT NULL DEFAULT 'held'
                         CHECK (status IN ('held', 'confirmed', 'cancelled', 'expired', 'refunded')),
    total_cents          bigint NOT NULL CHECK (total_cents >= 0),
    amount_paid_cents    bigint NOT NULL DEFAULT 0,
    discount_cents       bigint NOT NULL DEFAULT 0,
    currency             text NOT NULL,
    idempotency_key      text NOT NULL,
    hold_expires_at      timestamptz NOT NULL,
    confirmation_sent_at timestamptz,
    cancelled_at         timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX bookings_idempotency_key_key ON bookings (idempotency_key);
CREATE INDEX bookings_sailing_idx ON bookings (sailing_id) WHERE status IN ('held', 'confirmed');

CREATE TABLE passengers (
    id              uuid PRIMARY KEY,
    booking_id      uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    full_name       text NOT NULL,
    date_of_birth   date NOT NULL,
    nationality     text NOT NULL,
    document_number text NOT NULL,
    fare_class      text NOT NULL CHECK (fare_class IN ('adult', 'child', 'infant', 'senior')),
    UNIQUE (booking_id, document_number)
);

CREATE TABLE vehicle_reservations (
    id           uuid PRIMARY KEY,
    booking_id   uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    sailing_id   uuid NOT NULL REFERENCES sailings (id),
    registration text NOT NULL,
    vehicle_type text NOT NULL CHECK (vehicle_type IN ('car', 'van', 'motorcycle', 'campervan', 'hgv')),
    length_cm    integer NOT NULL CHECK (length_cm > 0),
    fare_cents   bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX vehicle_reservations_sailing_idx ON vehicle_reservations (sailing_id);

-- +goose Down
DROP TABLE vehicle_reservations;
DROP TABLE passengers;
DROP TABLE bookings;
DROP TABLE loyalty_members;
