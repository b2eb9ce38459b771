-- Seat holds, bookings, tickets, refunds and ticket changes.

CREATE TABLE seat_holds (
    id              uuid PRIMARY KEY,
    trip_id         uuid NOT NULL REFERENCES trips (id),
    customer_id     uuid REFERENCES customers (id),
    seats           integer NOT NULL CHECK (seats BETWEEN 1 AND 9),
    idempotency_key text NOT NULL UNIQUE,
    status          text NOT NULL DEFAULT 'held'
        CHECK (status IN ('held', 'purchased', 'expired', 'released')),
    expires_at      timestamptz NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX seat_holds_expiry_idx ON seat_holds (expires_at) WHERE status = 'held';

CREATE TABLE bookings (
    id                uuid PRIMARY KEY,
    trip_id           uuid NOT NULL REFERENCES trips (id),
    channel           text NOT NULL CHECK (channel IN ('web', 'partner')),
    customer_id       uuid REFERENCES customers (id),
    partner_id        uuid REFERENCES partners (id),
    agent_reference   text,
    hold_id           uuid UNIQUE REFERENCES seat_holds (id),
    payment_intent_id text UNIQUE,
    total_cents       bigint NOT NULL,
    currency          text NOT NULL,
    contact_phone     text,
    status            text NOT NULL DEFAULT 'confirmed'
        CHECK (status IN ('confirmed', 'cancelled')),
    created_at        timestamptz NOT NULL DEFAULT now(),
    CHECK ((channel = 'partner') = (partner_id IS NOT NULL))
);

-- Agents look bookings up by their own reference.
CREATE INDEX bookings_partner_reference_idx ON bookings (partner_id, agent_reference);

CREATE TABLE tickets (
    id               uuid PRIMARY KEY,
    booking_id       uuid NOT NULL REFERENCES bookings (id),
    trip_id          uuid NOT NULL REFERENCES trips (id),
    passenger_name   text NOT NULL,
    seat_no          integer,
    fare_cents       bigint NOT NULL,
    status           text NOT NULL DEFAULT 'active'
        CHECK (status IN ('active', 'boarded', 'refund_pending', 'refunded', 'rebooked', 'cancelled')),
    rebooked_from    uuid UNIQUE REFERENCES tickets (id),
    reminder_sent_at timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tickets_trip_status_idx ON tickets (trip_id, status);

-- Allocated seats are exclusive while the ticket is live.
CREATE UNIQUE INDEX tickets_trip_seat_live_idx ON tickets (trip_id, seat_no)
    WHERE seat_no IS NOT NULL AND status IN ('active', 'boarded');

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    ticket_id        uuid NOT NULL UNIQUE REFERENCES tickets (id),
    stripe_refund_id text NOT NULL UNIQUE,
    amount_cents     bigint NOT NULL,
    reason           text NOT NULL,
    settled_at       timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ticket_changes (
    id                uuid PRIMARY KEY,
    ticket_id         uuid NOT NULL REFERENCES tickets (id),
    from_trip_id      uuid NOT NULL REFERENCES trips (id),
    to_trip_id        uuid NOT NULL REFERENCES trips (id),
    fee_cents         bigint NOT NULL,
    payment_intent_id text,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE boarding_scans (
    scan_id     text PRIMARY KEY,
    device_id   text NOT NULL,
    ticket_id   uuid NOT NULL REFERENCES tickets (id),
    trip_id     uuid NOT NULL REFERENCES trips (id),
    scanned_at  timestamptz NOT NULL,
    result      text NOT NULL CHECK (result IN ('boarded', 'already_boarded', 'wrong_trip', 'invalid')),
    received_at timestamptz NOT NULL DEFAULT now()
);
