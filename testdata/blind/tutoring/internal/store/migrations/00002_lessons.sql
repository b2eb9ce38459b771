-- +goose Up
CREATE TABLE tutor_availability (
    tutor_id   uuid NOT NULL REFERENCES tutors (id),
    starts_at  timestamptz NOT NULL,
    ends_at    timestamptz NOT NULL,
    lesson_id  uuid,
    PRIMARY KEY (tutor_id, starts_at)
);

CREATE TABLE lessons (
    id                   uuid PRIMARY KEY,
    student_id           uuid NOT NULL REFERENCES students (id),
    tutor_id             uuid NOT NULL REFERENCES tutors (id),
    purchase_id          uuid,
    starts_at            timestamptz NOT NULL,
    duration_min         integer NOT NULL,
    credits              integer NOT NULL,
    status               text NOT NULL DEFAULT 'booked',
    attended_seconds     bigint NOT NULL DEFAULT 0,
    completed_at         timestamptz,
    cancelled_at         timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lessons_student_idx ON lessons (student_id, starts_at);
CREATE INDEX lessons_tutor_idx ON lessons (tutor_id, starts_at);

CREATE TABLE video_rooms (
    lesson_id         uuid PRIMARY KEY REFERENCES lessons (id),
    vendor_room_id    text NOT NULL,
    tutor_join_url    text NOT NULL,
    student_join_url  text NOT NULL,
    join_secret       text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lesson_sessions (
    id          text PRIMARY KEY,
    lesson_id   uuid NOT NULL REFERENCES lessons (id),
    role        text NOT NULL,
    joined_at   timestamptz NOT NULL,
    left_at     timestamptz NOT NULL,
    seconds     bigint NOT NULL
);
CREATE INDEX lesson_sessions_lesson_idx ON lesson_sessions (lesson_id);

CREATE TABLE reviews (
    id          uuid PRIMARY KEY,
    lesson_id   uuid NOT NULL REFERENCES lessons (id),
    student_id  uuid NOT NULL REFERENCES students (id),
    tutor_id    uuid NOT NULL REFERENCES tutors (id),
    rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    body        text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (lesson_id)
);

CREATE TABLE tutor_rating_stats (
    tutor_id      uuid PRIMARY KEY REFERENCES tutors (id),
    review_count  integer NOT NULL DEFAULT 0,
    rating_sum    integer NOT NULL DEFAULT 0
);

CREATE TABLE partner_bookings (
    lesson_id     uuid PRIMARY KEY REFERENCES lessons (id),
    partner_id    uuid NOT NULL REFERENCES partner_schools (id),
    partner_ref   text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE partner_bookings;
DROP TABLE tutor_rating_stats;
DROP TABLE reviews;
DROP TABLE lesson_sessions;
DROP TABLE video_rooms;
DROP TABLE lessons;
DROP TABLE tutor_availability;
