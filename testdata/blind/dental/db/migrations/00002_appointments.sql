-- +goose Up
CREATE TABLE appointments (
    id                  text PRIMARY KEY,
    practice_id         uuid NOT NULL REFERENCES practices (id),
    patient_id          uuid NOT NULL REFERENCES patients (id),
    associate_id        uuid NOT NULL REFERENCES associates (id),
    operatory_id        uuid NOT NULL REFERENCES operatories (id),
    starts_at           timestamptz NOT NULL,
    ends_at             timestamptz NOT NULL,
    procedure_code      text NOT NULL,
    status              text NOT NULL CHECK (status IN ('pending_deposit', 'booked', 'cancelled', 'completed', 'no_show')),
    booking_request_key text NOT NULL UNIQUE,
    confirmed_at        timestamptz,
    cancelled_at        timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at)
);

-- One live booking per chair and start time; cancelled rows free the slot.
CREATE UNIQUE INDEX appointments_operatory_slot_uq
    ON appointments (operatory_id, starts_at)
    WHERE status IN ('pending_deposit', 'booked');

CREATE INDEX appointments_starts_at_idx ON appointments (starts_at) WHERE status = 'booked';

CREATE TABLE deposits (
    id                uuid PRIMARY KEY,
    appointment_id    text NOT NULL UNIQUE REFERENCES appointments (id),
    amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
    payment_intent_id text NOT NULL UNIQUE,
    status            text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'partially_refunded', 'refunded')),
    refunded_cents    bigint NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reminder_sends (
    id                  uuid PRIMARY KEY,
    appointment_id      text NOT NULL REFERENCES appointments (id),
    kind                text NOT NULL,
    provider_message_id text,
    sent_at             timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, kind)
);

-- +goose Down
DROP TABLE reminder_sends;
DROP TABLE deposits;
DROP TABLE appointments;
