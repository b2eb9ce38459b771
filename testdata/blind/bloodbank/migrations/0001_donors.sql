-- Donor registry, collection sites and appointment book.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE donors (
    id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    national_donor_no  text        NOT NULL UNIQUE,
    full_name          text        NOT NULL,
    phone              text        NOT NULL DEFAULT '',
    email              text        NOT NULL DEFAULT '',
    postal_address     text        NOT NULL DEFAULT '',
    blood_group        text        NOT NULL,
    reward_points      integer     NOT NULL DEFAULT 0,
    deferred_until     timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE donation_sites (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code           text    NOT NULL UNIQUE,
    name           text    NOT NULL,
    slot_capacity  integer NOT NULL DEFAULT 6,
    timezone       text    NOT NULL DEFAULT 'Europe/Vienna'
);

CREATE TABLE appointments (
    id                uuid PRIMARY KEY,
    donor_id          uuid        NOT NULL REFERENCES donors (id),
    site_id           uuid        NOT NULL REFERENCES donation_sites (id),
    slot_start        timestamptz NOT NULL,
    donation_type     text        NOT NULL DEFAULT 'whole_blood',
    status            text        NOT NULL DEFAULT 'booked'
                      CHECK (status IN ('booked', 'cancelled', 'attended', 'no_show')),
    reminder_sent_at  timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX appointments_site_slot_idx ON appointments (site_id, slot_start) WHERE status = 'booked';
CREATE INDEX appointments_donor_idx ON appointments (donor_id, slot_start DESC);
