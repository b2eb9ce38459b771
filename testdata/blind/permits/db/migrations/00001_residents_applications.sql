-- +goose Up
CREATE TABLE residents (
    id            uuid PRIMARY KEY,
    full_name     text        NOT NULL,
    email         text        NOT NULL,
    phone_e164    text,
    sms_opt_in    boolean     NOT NULL DEFAULT false,
    email_opt_in  boolean     NOT NULL DEFAULT true,
    locale        text        NOT NULL DEFAULT 'en',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX residents_email_key ON residents (lower(email));

CREATE TABLE applications (
    id                  text PRIMARY KEY,
    resident_id         uuid        NOT NULL REFERENCES residents (id),
    kind                text        NOT NULL CHECK (kind IN ('building', 'parking', 'event')),
    status              text        NOT NULL DEFAULT 'draft',
    title               text        NOT NULL,
    parcel_id           text,
    parcel_owner        text,
    contractor_license  text,
    details             jsonb       NOT NULL DEFAULT '{}'::jsonb,
    revision            integer     NOT NULL DEFAULT 0,
    fee_cents           bigint      NOT NULL DEFAULT 0,
    submitted_at        timestamptz,
    decided_at          timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX applications_resident_idx ON applications (resident_id, created_at DESC);
CREATE INDEX applications_contractor_idx ON applications (contractor_license) WHERE contractor_license IS NOT NULL;
CREATE INDEX applications_parcel_idx ON applications (parcel_id) WHERE parcel_id IS NOT NULL;

CREATE TABLE application_comments (
    id              uuid PRIMARY KEY,
    application_id  text        NOT NULL REFERENCES applications (id),
    author_id       uuid        NOT NULL,
    author_role     text        NOT NULL,
    body            text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX application_comments_app_idx ON application_comments (application_id, created_at);

CREATE TABLE event_amendments (
    id              text PRIMARY KEY,
    application_id  text        NOT NULL REFERENCES applications (id),
    revision        integer     NOT NULL,
    changes         jsonb       NOT NULL,
    requested_by    uuid        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT event_amendments_app_revision_key UNIQUE (application_id, revision)
);

CREATE TABLE decisions (
    application_id  text PRIMARY KEY REFERENCES applications (id),
    decision        text        NOT NULL CHECK (decision IN ('approved', 'rejected', 'needs_changes')),
    reason          text        NOT NULL DEFAULT '',
    decided_by      uuid        NOT NULL,
    decided_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE application_holds (
    application_id   text        NOT NULL REFERENCES applications (id),
    source_event_id  text        NOT NULL,
    reason           text        NOT NULL,
    previous_status  text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (application_id, source_event_id)
);

-- +goose Down
DROP TABLE application_holds;
DROP TABLE decisions;
DROP TABLE event_amendments;
DROP TABLE application_comments;
DROP TABLE applications;
DROP TABLE residents;
