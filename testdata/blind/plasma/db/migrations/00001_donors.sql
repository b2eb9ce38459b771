-- +goose Up
CREATE TABLE centres (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    timezone    text NOT NULL DEFAULT 'UTC',
    chairs      integer NOT NULL CHECK (chairs > 0),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE donors (
    id                 text PRIMARY KEY,
    national_id_hash   text NOT NULL,
    first_name         text NOT NULL,
    last_name          text NOT NULL,
    date_of_birth      date NOT NULL,
    phone              text NOT NULL,
    email              text,
    home_centre_id     text NOT NULL REFERENCES centres (id),
    cardholder_ref     text,
    status             text NOT NULL DEFAULT 'active'
                       CHECK (status IN ('active', 'deferred', 'permanently_deferred', 'closed')),
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT donors_national_id_hash_key UNIQUE (national_id_hash)
);

CREATE INDEX donors_home_centre_idx ON donors (home_centre_id);

CREATE TABLE donor_consents (
    donor_id      text NOT NULL REFERENCES donors (id),
    form_version  text NOT NULL,
    signed_at     timestamptz NOT NULL,
    witnessed_by  text NOT NULL,
    PRIMARY KEY (donor_id, form_version)
);

CREATE TABLE donor_deferrals (
    id           text PRIMARY KEY,
    donor_id     text NOT NULL REFERENCES donors (id),
    reason_code  text NOT NULL,
    starts_on    date NOT NULL,
    ends_on      date,
    recorded_by  text NOT NULL,
    notes        text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT donor_deferrals_donor_reason_start_key UNIQUE (donor_id, reason_code, starts_on)
);

CREATE INDEX donor_deferrals_active_idx ON donor_deferrals (donor_id, ends_on);

-- +goose Down
DROP TABLE donor_deferrals;
DROP TABLE donor_consents;
DROP TABLE donors;
DROP TABLE centres;
