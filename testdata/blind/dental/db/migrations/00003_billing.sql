-- +goose Up
CREATE TABLE statements (
    id               text PRIMARY KEY,
    practice_id      uuid NOT NULL REFERENCES practices (id),
    patient_id       uuid NOT NULL REFERENCES patients (id),
    cycle_date       date NOT NULL,
    balance_cents    bigint NOT NULL,
    status           text NOT NULL CHECK (status IN ('generated', 'mailed', 'paid', 'void')),
    postal_letter_id text,
    mailed_at        timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX statements_patient_cycle_idx ON statements (patient_id, cycle_date);

CREATE TABLE payments (
    id                       uuid PRIMARY KEY,
    patient_id               uuid NOT NULL REFERENCES patients (id),
    statement_id             text REFERENCES statements (id),
    amount_cents             bigint NOT NULL CHECK (amount_cents > 0),
    stripe_payment_intent_id text NOT NULL UNIQUE,
    status                   text NOT NULL CHECK (status IN ('succeeded', 'refunded')),
    created_at               timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_adjustments (
    id           uuid PRIMARY KEY,
    patient_id   uuid NOT NULL REFERENCES patients (id),
    amount_cents bigint NOT NULL,
    reason       text NOT NULL CHECK (reason IN ('courtesy', 'write_off', 'senior_discount', 'correction')),
    note         text,
    created_by   text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope           text NOT NULL,
    key             text NOT NULL,
    response_status integer NOT NULL,
    response_body   bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_stripe_events (
    event_id     text PRIMARY KEY,
    type         text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE processed_stripe_events;
DROP TABLE idempotency_keys;
DROP TABLE account_adjustments;
DROP TABLE payments;
DROP TABLE statements;
