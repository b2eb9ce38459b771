-- +goose Up
CREATE TABLE slots (
    id            text PRIMARY KEY,
    centre_id     text NOT NULL REFERENCES centres (id),
    starts_at     timestamptz NOT NULL,
    capacity      integer NOT NULL CHECK (capacity > 0),
    booked_count  integer NOT NULL DEFAULT 0 CHECK (booked_count >= 0),
    CONSTRAINT slots_centre_start_key UNIQUE (centre_id, starts_at),
    CONSTRAINT slots_capacity_check CHECK (booked_count <= capacity)
);

CREATE TABLE appointments (
    id             text PRIMARY KEY,
    donor_id       text NOT NULL REFERENCES donors (id),
    slot_id        text NOT NULL REFERENCES slots (id),
    centre_id      text NOT NULL REFERENCES centres (id),
    status         text NOT NULL DEFAULT 'booked'
                   CHECK (status IN ('booked', 'checked_in', 'in_chair', 'completed', 'cancelled', 'no_show')),
    source         text NOT NULL DEFAULT 'app',
    booked_at      timestamptz NOT NULL,
    checked_in_at  timestamptz,
    cancelled_at   timestamptz,
    cancel_reason  text
);

CREATE INDEX appointments_donor_idx ON appointments (donor_id, status);
CREATE INDEX appointments_slot_idx ON appointments (slot_id);

-- +goose Down
DROP TABLE appointments;
DROP TABLE slots;
