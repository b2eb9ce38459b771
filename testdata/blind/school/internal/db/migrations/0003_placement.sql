CREATE TABLE exam_sessions (
    id                TEXT PRIMARY KEY,
    centre_session_id TEXT        NOT NULL UNIQUE,
    exam_code         TEXT        NOT NULL,
    starts_at         TIMESTAMPTZ NOT NULL,
    venue             TEXT        NOT NULL,
    status            TEXT        NOT NULL DEFAULT 'open'
);

CREATE TABLE placement_bookings (
    id           TEXT PRIMARY KEY,
    student_id   TEXT        NOT NULL REFERENCES students (id),
    session_id   TEXT        NOT NULL REFERENCES exam_sessions (id),
    centre_ref   TEXT UNIQUE,
    status       TEXT        NOT NULL DEFAULT 'pending',
    op_key       TEXT,
    confirmed_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (student_id, session_id)
);

CREATE TABLE placement_reschedules (
    id             TEXT PRIMARY KEY,
    booking_id     TEXT        NOT NULL REFERENCES placement_bookings (id),
    new_session_id TEXT        NOT NULL REFERENCES exam_sessions (id),
    status         TEXT        NOT NULL DEFAULT 'pending',
    centre_ref     TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (booking_id, new_session_id)
);

CREATE TABLE placement_results (
    booking_id     TEXT PRIMARY KEY REFERENCES placement_bookings (id),
    centre_result_id TEXT      NOT NULL UNIQUE,
    cefr_level     TEXT        NOT NULL,
    score          INT         NOT NULL,
    published_at   TIMESTAMPTZ NOT NULL,
    recorded_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE session_cancellations (
    session_id  TEXT PRIMARY KEY REFERENCES exam_sessions (id),
    reason      TEXT        NOT NULL,
    notified    INT         NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
