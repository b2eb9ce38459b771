-- Appointments, deposits and the request-key ledger used by the API.

CREATE TABLE appointments (
    id            uuid PRIMARY KEY,
    clinic_id     uuid        NOT NULL REFERENCES clinics (id),
    vet_id        uuid        NOT NULL REFERENCES vets (id),
    pet_id        uuid        NOT NULL REFERENCES pets (id),
    owner_id      uuid        NOT NULL REFERENCES owners (id),
    starts_at     timestamptz NOT NULL,
    ends_at       timestamptz NOT NULL,
    reason        text        NOT NULL DEFAULT '',
    status        text        NOT NULL DEFAULT 'booked',
    checked_in_at timestamptz,
    completed_at  timestamptz,
    cancelled_at  timestamptz,
    cancel_reason text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT appointments_status_check
        CHECK (status IN ('booked', 'checked_in', 'completed', 'cancelled', 'no_show'))
);

-- A vet cannot hold two live bookings that start at the same instant.
CREATE UNIQUE INDEX appointments_vet_slot_key
    ON appointments (vet_id, starts_at)
    WHERE status <> 'cancelled';

CREATE INDEX appointments_starts_idx ON appointments (starts_at) WHERE status = 'booked';

CREATE TABLE deposits (
    id                       uuid PRIMARY KEY,
    appointment_id           uuid        NOT NULL REFERENCES appointments (id),
    amount_cents             bigint      NOT NULL,
    currency                 text        NOT NULL,
    status                   text        NOT NULL DEFAULT 'pending',
    stripe_payment_intent_id text,
    refunded_cents           bigint      NOT NULL DEFAULT 0,
    stripe_refund_id         text,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT deposits_appointment_key UNIQUE (appointment_id)
);

CREATE UNIQUE INDEX deposits_payment_intent_key
    ON deposits (stripe_payment_intent_id)
    WHERE stripe_payment_intent_id IS NOT NULL;

CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    request_hash  text        NOT NULL,
    status_code   integer,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (scope, key)
);
