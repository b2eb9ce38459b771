-- +goose Up
CREATE TABLE practices (
    id          uuid PRIMARY KEY,
    name        text NOT NULL,
    timezone    text NOT NULL DEFAULT 'America/Chicago',
    sms_sender  text NOT NULL,
    lab_account text,
    return_address jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE associates (
    id                 uuid PRIMARY KEY,
    practice_id        uuid NOT NULL REFERENCES practices (id),
    full_name          text NOT NULL,
    npi                text NOT NULL UNIQUE,
    stripe_account_id  text,
    collection_bps     integer NOT NULL DEFAULT 3000 CHECK (collection_bps BETWEEN 0 AND 10000),
    active             boolean NOT NULL DEFAULT true,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operatories (
    id          uuid PRIMARY KEY,
    practice_id uuid NOT NULL REFERENCES practices (id),
    label       text NOT NULL,
    UNIQUE (practice_id, label)
);

CREATE TABLE patients (
    id                 uuid PRIMARY KEY,
    practice_id        uuid NOT NULL REFERENCES practices (id),
    first_name         text NOT NULL,
    last_name          text NOT NULL,
    date_of_birth      date NOT NULL,
    phone_e164         text NOT NULL,
    email              text,
    mailing_address    jsonb,
    sms_opt_in         boolean NOT NULL DEFAULT false,
    stripe_customer_id text,
    default_payment_method_id text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (practice_id, last_name, first_name, date_of_birth)
);

CREATE INDEX patients_phone_idx ON patients (phone_e164);

CREATE TABLE patient_accounts (
    patient_id    uuid PRIMARY KEY REFERENCES patients (id),
    balance_cents bigint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id           uuid PRIMARY KEY,
    patient_id   uuid NOT NULL REFERENCES patients (id),
    kind         text NOT NULL CHECK (kind IN ('charge', 'payment', 'insurance_payment', 'adjustment', 'refund')),
    amount_cents bigint NOT NULL,
    reference    text NOT NULL,
    memo         text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_patient_idx ON ledger_entries (patient_id, created_at);

-- +goose Down
DROP TABLE ledger_entries;
DROP TABLE patient_accounts;
DROP TABLE patients;
DROP TABLE operatories;
DROP TABLE associates;
DROP TABLE practices;
