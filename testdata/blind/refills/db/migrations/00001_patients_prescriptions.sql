-- +goose Up
CREATE TABLE patients (
    id                        uuid PRIMARY KEY,
    pharmacy_id               text        NOT NULL,
    mrn                       text        NOT NULL,
    first_name                text        NOT NULL,
    last_name                 text        NOT NULL,
    date_of_birth             date        NOT NULL,
    email                     text        NOT NULL,
    phone                     text,
    stripe_customer_id        text,
    default_payment_method_id text,
    ship_line1                text        NOT NULL DEFAULT '',
    ship_line2                text        NOT NULL DEFAULT '',
    ship_city                 text        NOT NULL DEFAULT '',
    ship_state                text        NOT NULL DEFAULT '',
    ship_postal_code          text        NOT NULL DEFAULT '',
    pbm_bin                   text        NOT NULL DEFAULT '',
    pbm_pcn                   text        NOT NULL DEFAULT '',
    pbm_group                 text        NOT NULL DEFAULT '',
    pbm_member_id             text        NOT NULL DEFAULT '',
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT patients_pharmacy_mrn_key UNIQUE (pharmacy_id, mrn)
);

CREATE UNIQUE INDEX patients_stripe_customer_key
    ON patients (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

CREATE TABLE prescriptions (
    id                 uuid PRIMARY KEY,
    patient_id         uuid           NOT NULL REFERENCES patients (id),
    erx_message_id     text           NOT NULL,
    prescriber_npi     text           NOT NULL,
    prescriber_name    text           NOT NULL DEFAULT '',
    ndc                text           NOT NULL,
    drug_name          text           NOT NULL,
    sig                text           NOT NULL DEFAULT '',
    quantity           numeric(10, 3) NOT NULL,
    days_supply        integer        NOT NULL CHECK (days_supply > 0),
    refills_authorized integer        NOT NULL CHECK (refills_authorized >= 0),
    fills_used         integer        NOT NULL DEFAULT 0,
    auto_refill        boolean        NOT NULL DEFAULT false,
    last_filled_at     timestamptz,
    written_on         date           NOT NULL,
    expires_on         date           NOT NULL,
    created_at         timestamptz    NOT NULL DEFAULT now(),
    updated_at         timestamptz    NOT NULL DEFAULT now(),
    CONSTRAINT prescriptions_erx_message_key UNIQUE (erx_message_id)
);

CREATE INDEX prescriptions_patient_idx ON prescriptions (patient_id);
CREATE INDEX prescriptions_auto_refill_idx ON prescriptions (auto_refill, last_filled_at) WHERE auto_refill;

CREATE TABLE reminder_preferences (
    prescription_id uuid PRIMARY KEY REFERENCES prescriptions (id),
    patient_id      uuid        NOT NULL REFERENCES patients (id),
    enabled         boolean     NOT NULL,
    days_before     integer     NOT NULL CHECK (days_before BETWEEN 1 AND 21),
    updated_at      timestamptz NOT NULL
);

CREATE TABLE account_credits (
    id           uuid PRIMARY KEY,
    patient_id   uuid        NOT NULL REFERENCES patients (id),
    amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
    reason       text        NOT NULL,
    issued_by    text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_credits_patient_idx ON account_credits (patient_id, created_at);

-- +goose Down
DROP TABLE account_credits;
DROP TABLE reminder_preferences;
DROP TABLE prescriptions;
DROP TABLE patients;
