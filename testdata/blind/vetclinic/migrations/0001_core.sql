-- Clinics, people and animals.

CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE clinics (
    id               uuid PRIMARY KEY,
    name             text        NOT NULL,
    timezone         text        NOT NULL DEFAULT 'America/New_York',
    bank_account_ref text        NOT NULL,
    deposit_cents    bigint      NOT NULL DEFAULT 5000,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vets (
    id         uuid PRIMARY KEY,
    clinic_id  uuid NOT NULL REFERENCES clinics (id),
    full_name  text NOT NULL,
    active     boolean NOT NULL DEFAULT true
);

CREATE TABLE owners (
    id          uuid PRIMARY KEY,
    email       citext      NOT NULL,
    full_name   text        NOT NULL,
    phone       text        NOT NULL DEFAULT '',
    sms_opt_in  boolean     NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT owners_email_key UNIQUE (email)
);

CREATE TABLE pets (
    id          uuid PRIMARY KEY,
    owner_id    uuid        NOT NULL REFERENCES owners (id),
    name        text        NOT NULL,
    species     text        NOT NULL,
    breed       text        NOT NULL DEFAULT '',
    birth_date  date,
    weight_kg   numeric(6,2),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pets_owner_idx ON pets (owner_id);
