-- +goose Up
CREATE TABLE desks (
    id    UUID PRIMARY KEY,
    label TEXT NOT NULL UNIQUE,
    floor INTEGER NOT NULL
);

CREATE TABLE rooms (
    id                UUID PRIMARY KEY,
    name              TEXT NOT NULL UNIQUE,
    capacity          INTEGER NOT NULL,
    hourly_rate_cents BIGINT NOT NULL
);

CREATE TABLE desk_bookings (
    id           UUID PRIMARY KEY,
    member_id    UUID NOT NULL REFERENCES members (id),
    desk_id      UUID NOT NULL REFERENCES desks (id),
    booking_date DATE NOT NULL,
    status       TEXT NOT NULL DEFAULT 'confirmed',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT desk_bookings_desk_day_key UNIQUE (desk_id, booking_date)
);

CREATE TABLE room_bookings (
    id         UUID PRIMARY KEY,
    member_id  UUID NOT NULL REFERENCES members (id),
    room_id    UUID NOT NULL REFERENCES rooms (id),
    starts_at  TIMESTAMPTZ NOT NULL,
    ends_at    TIMESTAMPTZ NOT NULL,
    attendees  INTEGER NOT NULL DEFAULT 1,
    catering   BOOLEAN NOT NULL DEFAULT false,
    status     TEXT NOT NULL DEFAULT 'confirmed',
    checked_in BOOLEAN NOT NULL DEFAULT false,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at)
);

CREATE INDEX room_bookings_room_time_idx ON room_bookings (room_id, starts_at);

CREATE TABLE member_fees (
    id           UUID PRIMARY KEY,
    member_id    UUID NOT NULL REFERENCES members (id),
    booking_id   UUID,
    reason       TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    charged_at   TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE member_fees;
DROP TABLE room_bookings;
DROP TABLE desk_bookings;
DROP TABLE rooms;
DROP TABLE desks;
