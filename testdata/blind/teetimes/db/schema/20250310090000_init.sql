-- Courses, tee sheet, members and bookings.

CREATE TABLE courses (
    id                      text PRIMARY KEY,
    club_id                 text        NOT NULL,
    name                    text        NOT NULL,
    holes                   integer     NOT NULL DEFAULT 18,
    timezone                text        NOT NULL,
    first_tee               text        NOT NULL,
    last_tee                text        NOT NULL,
    interval_minutes        integer     NOT NULL DEFAULT 10,
    max_players             integer     NOT NULL DEFAULT 4,
    green_fee_member_cents  bigint      NOT NULL,
    green_fee_visitor_cents bigint      NOT NULL,
    cart_fee_cents          bigint      NOT NULL,
    active                  boolean     NOT NULL DEFAULT true,
    created_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tee_times (
    id             text PRIMARY KEY,
    course_id      text        NOT NULL REFERENCES courses (id),
    starts_at      timestamptz NOT NULL,
    capacity       integer     NOT NULL,
    booked_players integer     NOT NULL DEFAULT 0,
    blocked        boolean     NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT tee_times_course_start_key UNIQUE (course_id, starts_at),
    CONSTRAINT tee_times_capacity_check CHECK (booked_players >= 0 AND booked_players <= capacity)
);

CREATE TABLE members (
    id                 text PRIMARY KEY,
    club_id            text        NOT NULL,
    membership_no      text,
    full_name          text        NOT NULL,
    email              text        NOT NULL,
    phone              text        NOT NULL DEFAULT '',
    stripe_customer_id text,
    default_card_id    text,
    payout_account_id  text,
    visitor            boolean     NOT NULL DEFAULT false,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT members_club_membership_no_key UNIQUE (club_id, membership_no),
    CONSTRAINT members_club_email_key UNIQUE (club_id, email)
);

CREATE TABLE bookings (
    id                text PRIMARY KEY,
    tee_time_id       text        NOT NULL REFERENCES tee_times (id),
    course_id         text        NOT NULL REFERENCES courses (id),
    member_id         text        NOT NULL REFERENCES members (id),
    players           integer     NOT NULL CHECK (players BETWEEN 1 AND 4),
    carts             integer     NOT NULL DEFAULT 0,
    green_fee_cents   bigint      NOT NULL,
    cart_fee_cents    bigint      NOT NULL DEFAULT 0,
    credit_cents      bigint      NOT NULL DEFAULT 0,
    amount_due_cents  bigint      NOT NULL,
    currency          text        NOT NULL,
    status            text        NOT NULL,
    source            text        NOT NULL DEFAULT 'web',
    payment_intent_id text,
    refund_id         text,
    refunded_cents    bigint      NOT NULL DEFAULT 0,
    checked_in_at     timestamptz,
    cancelled_at      timestamptz,
    cancel_reason     text        NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bookings_tee_time_idx ON bookings (tee_time_id);
CREATE INDEX bookings_member_idx ON bookings (member_id, created_at DESC);
CREATE UNIQUE INDEX bookings_payment_intent_key ON bookings (payment_intent_id) WHERE payment_intent_id IS NOT NULL;

CREATE TABLE booking_credits (
    id           text PRIMARY KEY,
    booking_id   text        NOT NULL REFERENCES bookings (id),
    source_type  text        NOT NULL,
    source_id    text        NOT NULL,
    amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT booking_credits_source_key UNIQUE (source_type, source_id, booking_id)
);

CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,
    key          text        NOT NULL,
    request_hash text        NOT NULL,
    resource_id  text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE webhook_events (
    event_id     text PRIMARY KEY,
    provider     text        NOT NULL,
    type         text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);
