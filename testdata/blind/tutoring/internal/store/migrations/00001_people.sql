-- +goose Up
CREATE TABLE partner_schools (
    id            uuid PRIMARY KEY,
    name          text NOT NULL,
    booking_url   text NOT NULL,
    api_token     text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE students (
    id                     uuid PRIMARY KEY,
    email                  text NOT NULL UNIQUE,
    phone                  text NOT NULL DEFAULT '',
    full_name              text NOT NULL,
    stripe_customer_id     text NOT NULL DEFAULT '',
    default_payment_method text NOT NULL DEFAULT '',
    partner_school_id      uuid REFERENCES partner_schools (id),
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tutors (
    id                 uuid PRIMARY KEY,
    email              text NOT NULL UNIQUE,
    phone              text NOT NULL DEFAULT '',
    display_name       text NOT NULL,
    country            text NOT NULL DEFAULT 'US',
    status             text NOT NULL DEFAULT 'pending_verification',
    stripe_account_id  text NOT NULL DEFAULT '',
    payouts_enabled    boolean NOT NULL DEFAULT false,
    hourly_rate_cents  bigint NOT NULL,
    recording_enabled  boolean NOT NULL DEFAULT false,
    api_token_hash     text NOT NULL DEFAULT '',
    verified_at        timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now()
);

-- Applications are reviewed by the trust & safety team before a tutor row
-- exists. An applicant may legitimately re-apply after a rejection, so
-- email is not unique here.
CREATE TABLE tutor_applications (
    id            uuid PRIMARY KEY,
    email         text NOT NULL,
    full_name     text NOT NULL,
    phone         text NOT NULL DEFAULT '',
    country       text NOT NULL,
    subjects      text[] NOT NULL DEFAULT '{}',
    status_token  text NOT NULL,
    status        text NOT NULL DEFAULT 'submitted',
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tutor_applications_email_idx ON tutor_applications (email);

CREATE TABLE tutor_onboarding_events (
    tutor_id    uuid NOT NULL REFERENCES tutors (id),
    event       text NOT NULL,
    detail      jsonb NOT NULL DEFAULT '{}',
    occurred_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tutor_id, event)
);

CREATE TABLE tutor_students (
    tutor_id   uuid NOT NULL REFERENCES tutors (id),
    email      text NOT NULL,
    full_name  text NOT NULL,
    phone      text NOT NULL DEFAULT '',
    notes      text NOT NULL DEFAULT '',
    imported_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tutor_id, email)
);

-- +goose Down
DROP TABLE tutor_students;
DROP TABLE tutor_onboarding_events;
DROP TABLE tutor_applications;
DROP TABLE tutors;
DROP TABLE students;
DROP TABLE partner_schools;
