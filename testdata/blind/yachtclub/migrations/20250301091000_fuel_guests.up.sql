CREATE TABLE fuel_purchases (
    id                      text PRIMARY KEY,
    ticket_number           text        NOT NULL,
    member_id               text        NOT NULL REFERENCES members (id),
    fuel_grade              text        NOT NULL,
    gallons_milli           bigint      NOT NULL,
    price_per_gallon_cents  bigint      NOT NULL,
    amount_cents            bigint      NOT NULL,
    status                  text        NOT NULL DEFAULT 'pending',
    payment_intent_id       text,
    failure_reason          text,
    created_at              timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT fuel_purchases_ticket_number_key UNIQUE (ticket_number)
);

--bun:split

-- Self-service pump dispenses reported by the pump controllers.
CREATE TABLE fuel_dispenses (
    id             uuid PRIMARY KEY,
    pump_id        text        NOT NULL,
    pump_sequence  bigint      NOT NULL,
    member_id      text        NOT NULL REFERENCES members (id),
    fob_id         text        NOT NULL,
    fuel_grade     text        NOT NULL,
    gallons_milli  bigint      NOT NULL,
    amount_cents   bigint      NOT NULL,
    dispensed_at   timestamptz NOT NULL,
    recorded_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX fuel_dispenses_pump_idx ON fuel_dispenses (pump_id, pump_sequence);
CREATE INDEX fuel_dispenses_member_idx ON fuel_dispenses (member_id, dispensed_at);

--bun:split

CREATE TABLE guest_berth_inventory (
    night        date    NOT NULL,
    berth_class  text    NOT NULL,
    capacity     integer NOT NULL,
    booked       integer NOT NULL DEFAULT 0,
    rate_cents   bigint  NOT NULL,
    PRIMARY KEY (night, berth_class),
    CONSTRAINT guest_berth_inventory_capacity_check CHECK (booked <= capacity)
);

CREATE TABLE guest_bookings (
    id                 text PRIMARY KEY,
    reference          text        NOT NULL,
    berth_class        text        NOT NULL,
    guest_name         text        NOT NULL,
    email              text        NOT NULL,
    phone              text        NOT NULL DEFAULT '',
    boat_name          text        NOT NULL,
    boat_loa_ft        integer     NOT NULL,
    arrive_on          date        NOT NULL,
    depart_on          date        NOT NULL,
    nights             integer     NOT NULL,
    amount_cents       bigint      NOT NULL,
    deposit_cents      bigint      NOT NULL,
    payment_intent_id  text,
    status             text        NOT NULL DEFAULT 'pending_deposit',
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT guest_bookings_reference_key UNIQUE (reference),
    CONSTRAINT guest_bookings_payment_intent_id_key UNIQUE (payment_intent_id)
);

CREATE TABLE guest_booking_refunds (
    booking_id        text PRIMARY KEY REFERENCES guest_bookings (id),
    amount_cents      bigint      NOT NULL,
    stripe_refund_id  text,
    status            text        NOT NULL DEFAULT 'requested',
    requested_at      timestamptz NOT NULL DEFAULT now(),
    completed_at      timestamptz
);

--bun:split

-- Append-only log of every notification send attempt, for the office's
-- "did they get the email?" questions.
CREATE TABLE notification_attempts (
    id            text PRIMARY KEY,
    subject_type  text        NOT NULL,
    subject_id    text        NOT NULL,
    channel       text        NOT NULL,
    template      text        NOT NULL,
    provider_ref  text,
    outcome       text        NOT NULL,
    error         text,
    attempted_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX notification_attempts_subject_idx ON notification_attempts (subject_type, subject_id);
