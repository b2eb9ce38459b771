-- Households, children, seasons and divisions.

CREATE TABLE households (
    id             uuid        PRIMARY KEY,
    email          text        NOT NULL,
    guardian_name  text        NOT NULL,
    phone          text        NOT NULL,
    sms_opt_in     boolean     NOT NULL DEFAULT true,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
-- Emails are lower-cased by the application before they are stored.
CREATE UNIQUE INDEX households_email_key ON households (email);

CREATE TABLE children (
    id             uuid        PRIMARY KEY,
    household_id   uuid        NOT NULL REFERENCES households (id),
    first_name     text        NOT NULL,
    last_name      text        NOT NULL,
    birth_date     date        NOT NULL,
    gender         text        NOT NULL DEFAULT '',
    shirt_size     text        NOT NULL DEFAULT '',
    medical_notes  text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX children_household_idx ON children (household_id);

CREATE TABLE seasons (
    id                      uuid        PRIMARY KEY,
    name                    text        NOT NULL,
    sport                   text        NOT NULL,
    starts_on               date        NOT NULL,
    ends_on                 date        NOT NULL,
    currency                text        NOT NULL DEFAULT 'USD',
    fee_cents               bigint      NOT NULL,
    deposit_cents           bigint      NOT NULL,
    installments            integer     NOT NULL DEFAULT 0,
    installment_interval    interval    NOT NULL DEFAULT '30 days',
    sibling_discount_pct    integer     NOT NULL DEFAULT 0 CHECK (sibling_discount_pct BETWEEN 0 AND 100),
    cancellation_fee_cents  bigint      NOT NULL DEFAULT 0,
    status                  text        NOT NULL DEFAULT 'draft',
    registration_opens_at   timestamptz,
    registration_closes_at  timestamptz,
    created_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE divisions (
    id                   uuid        PRIMARY KEY,
    season_id            uuid        NOT NULL REFERENCES seasons (id),
    name                 text        NOT NULL,
    min_birth_year       integer     NOT NULL,
    max_birth_year       integer     NOT NULL,
    capacity             integer     NOT NULL CHECK (capacity >= 0),
    filled               integer     NOT NULL DEFAULT 0,
    roster_published_at  timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT divisions_season_name_key UNIQUE (season_id, name)
);
