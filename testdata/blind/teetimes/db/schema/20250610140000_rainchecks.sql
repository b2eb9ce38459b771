-- Weather closures and the rain-check credits they produce.

CREATE TABLE course_closures (
    id          text PRIMARY KEY,
    course_id   text        NOT NULL REFERENCES courses (id),
    play_date   date        NOT NULL,
    closed_from timestamptz NOT NULL,
    reason      text        NOT NULL,
    issued_at   timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT course_closures_day_key UNIQUE (course_id, play_date)
);

CREATE TABLE rain_checks (
    id                  text PRIMARY KEY,
    booking_id          text        NOT NULL REFERENCES bookings (id),
    member_id           text        NOT NULL REFERENCES members (id),
    closure_id          text        NOT NULL REFERENCES course_closures (id),
    credit_cents        bigint      NOT NULL CHECK (credit_cents > 0),
    status              text        NOT NULL,
    expires_at          timestamptz NOT NULL,
    redeemed_booking_id text REFERENCES bookings (id),
    redeemed_at         timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT rain_checks_booking_key UNIQUE (booking_id)
);

CREATE INDEX rain_checks_member_idx ON rain_checks (member_id, status);
