-- +goose Up
CREATE TABLE claims (
    id              uuid PRIMARY KEY,
    practice_id     uuid NOT NULL REFERENCES practices (id),
    patient_id      uuid NOT NULL REFERENCES patients (id),
    associate_id    uuid NOT NULL REFERENCES associates (id),
    encounter_id    uuid NOT NULL,
    payer_id        text NOT NULL,
    payer_sequence  text NOT NULL CHECK (payer_sequence IN ('primary', 'secondary')),
    subscriber      jsonb NOT NULL,
    lines           jsonb NOT NULL,
    documents       jsonb NOT NULL DEFAULT '[]'::jsonb,
    total_cents     bigint NOT NULL CHECK (total_cents >= 0),
    paid_cents      bigint NOT NULL DEFAULT 0,
    status          text NOT NULL CHECK (status IN ('draft', 'submitting', 'submitted', 'accepted', 'rejected', 'paid', 'denied')),
    resubmissions   integer NOT NULL DEFAULT 0,
    submitted_at    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claims_encounter_idx ON claims (encounter_id);
CREATE INDEX claims_status_idx ON claims (status);

CREATE TABLE claim_attachments (
    id                  uuid PRIMARY KEY,
    claim_id            uuid NOT NULL REFERENCES claims (id),
    document_ref        text NOT NULL,
    attachment_id       text NOT NULL UNIQUE,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE claim_submissions (
    id                     uuid PRIMARY KEY,
    claim_id               uuid NOT NULL REFERENCES claims (id),
    clearinghouse_claim_id text NOT NULL,
    batch_id               text NOT NULL,
    workflow_id            text NOT NULL,
    submitted_at           timestamptz NOT NULL
);

CREATE INDEX claim_submissions_claim_idx ON claim_submissions (claim_id);

-- Every activity attempt against the clearing house, successful or not.
CREATE TABLE claim_submission_attempts (
    id          text PRIMARY KEY,
    claim_id    uuid NOT NULL REFERENCES claims (id),
    workflow_id text NOT NULL,
    attempt     integer NOT NULL,
    outcome     text NOT NULL,
    detail      text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE claim_acknowledgements (
    id                 uuid PRIMARY KEY,
    claim_id           uuid NOT NULL REFERENCES claims (id),
    ack_control_number text NOT NULL UNIQUE,
    status             text NOT NULL CHECK (status IN ('accepted', 'rejected')),
    reasons            jsonb NOT NULL DEFAULT '[]'::jsonb,
    received_at        timestamptz NOT NULL
);

CREATE TABLE insurance_payments (
    id                 uuid PRIMARY KEY,
    claim_id           uuid NOT NULL REFERENCES claims (id),
    trace_number       text NOT NULL,
    payer_id           text NOT NULL,
    paid_cents         bigint NOT NULL,
    patient_resp_cents bigint NOT NULL,
    adjustment_cents   bigint NOT NULL DEFAULT 0,
    received_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (claim_id, trace_number)
);

-- +goose Down
DROP TABLE insurance_payments;
DROP TABLE claim_acknowledgements;
DROP TABLE claim_submission_attempts;
DROP TABLE claim_submissions;
DROP TABLE claim_attachments;
DROP TABLE claims;
