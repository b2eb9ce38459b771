-- migrate:up
CREATE TABLE claims (
    id                      uuid PRIMARY KEY,
    session_id              uuid NOT NULL REFERENCES treatment_sessions (id),
    patient_id              uuid NOT NULL REFERENCES patients (id),
    coverage_id             uuid NOT NULL REFERENCES coverages (id),
    clinic_id               uuid NOT NULL REFERENCES clinics (id),
    patient_control_number  text NOT NULL UNIQUE,
    service_date            date NOT NULL,
    frequency_code          text NOT NULL DEFAULT '1',
    total_charge_cents      bigint NOT NULL,
    paid_cents              bigint NOT NULL DEFAULT 0,
    status                  text NOT NULL DEFAULT 'draft'
                            CHECK (status IN ('draft', 'ready', 'queued', 'submitted', 'accepted',
                                              'rejected', 'corrected', 'paid', 'denied')),
    payer_claim_id          text,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claims_session_idx ON claims (session_id);

CREATE TABLE claim_lines (
    claim_id      uuid NOT NULL REFERENCES claims (id),
    line_no       smallint NOT NULL,
    hcpcs         text NOT NULL,
    modifiers     text NOT NULL DEFAULT '',
    units         integer NOT NULL,
    charge_cents  bigint NOT NULL,
    PRIMARY KEY (claim_id, line_no)
);

CREATE TABLE claim_submissions (
    id                uuid PRIMARY KEY,
    claim_id          uuid NOT NULL REFERENCES claims (id),
    attempt_no        integer NOT NULL,
    kind              text NOT NULL CHECK (kind IN ('original', 'replacement')),
    status            text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'accepted', 'rejected', 'error')),
    clearinghouse_id  text,
    response_code     text,
    submitted_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    -- Set when a submission is created by a background task: the task id.
    request_key       text,
    CONSTRAINT claim_submissions_claim_attempt_key UNIQUE (claim_id, attempt_no),
    CONSTRAINT claim_submissions_request_key UNIQUE (request_key)
);

CREATE TABLE remittances (
    id                 uuid PRIMARY KEY,
    era_id             text NOT NULL,
    payer_id           text NOT NULL,
    check_number       text NOT NULL,
    paid_total_cents   bigint NOT NULL,
    received_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_postings (
    id                uuid PRIMARY KEY,
    remittance_id     uuid NOT NULL REFERENCES remittances (id),
    claim_id          uuid NOT NULL REFERENCES claims (id),
    paid_cents        bigint NOT NULL,
    adjustment_cents  bigint NOT NULL,
    group_code        text,
    reason_code       text,
    posted_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE claim_adjustments (
    id            uuid PRIMARY KEY,
    claim_id      uuid NOT NULL REFERENCES claims (id),
    reason_code   text NOT NULL,
    amount_cents  bigint NOT NULL,
    note          text,
    created_by    text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE claim_adjustments;
DROP TABLE payment_postings;
DROP TABLE remittances;
DROP TABLE claim_submissions;
DROP TABLE claim_lines;
DROP TABLE claims;
