-- Core clearinghouse schema: practices, payers, claims and their submissions.

CREATE TABLE practices (
    id                 TEXT PRIMARY KEY,
    name               TEXT        NOT NULL,
    npi                TEXT        NOT NULL UNIQUE,
    tax_id             TEXT        NOT NULL,
    stripe_account_id  TEXT,
    webhook_url        TEXT,
    webhook_secret     TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payers (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    payer_code  TEXT NOT NULL UNIQUE,
    supports_attachments BOOLEAN NOT NULL DEFAULT false,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE patient_accounts (
    id               TEXT PRIMARY KEY,
    practice_id      TEXT        NOT NULL REFERENCES practices(id),
    account_number   TEXT        NOT NULL,
    patient_name     TEXT        NOT NULL,
    phone            TEXT,
    sms_opt_in       BOOLEAN     NOT NULL DEFAULT false,
    mailing_address  JSONB       NOT NULL DEFAULT '{}'::jsonb,
    balance_cents    BIGINT      NOT NULL DEFAULT 0,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (practice_id, account_number)
);

-- Request-level idempotency records for POST endpoints that accept an
-- Idempotency-Key header.
CREATE TABLE idempotency_keys (
    scope         TEXT        NOT NULL,
    idem_key      TEXT        NOT NULL,
    request_hash  TEXT        NOT NULL,
    status_code   INT         NOT NULL,
    response      JSONB       NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

CREATE TABLE claim_batches (
    id                      TEXT PRIMARY KEY,
    practice_id             TEXT        NOT NULL REFERENCES practices(id),
    interchange_control_no  TEXT        NOT NULL,
    claim_count             INT         NOT NULL,
    status                  TEXT        NOT NULL,
    received_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (practice_id, interchange_control_no)
);

CREATE TABLE claims (
    id                      TEXT PRIMARY KEY,
    practice_id             TEXT        NOT NULL REFERENCES practices(id),
    patient_account_id      TEXT        NOT NULL REFERENCES patient_accounts(id),
    payer_id                TEXT        NOT NULL REFERENCES payers(id),
    batch_id                TEXT        REFERENCES claim_batches(id),
    patient_control_number  TEXT        NOT NULL,
    frequency_code          TEXT        NOT NULL DEFAULT '1',
    service_date            DATE        NOT NULL,
    total_charge_cents      BIGINT      NOT NULL,
    paid_cents              BIGINT      NOT NULL DEFAULT 0,
    patient_resp_cents      BIGINT      NOT NULL DEFAULT 0,
    status                  TEXT        NOT NULL,
    payer_claim_ref         TEXT,
    submission_seq          INT         NOT NULL DEFAULT 0,
    payload                 JSONB       NOT NULL,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (practice_id, patient_control_number)
);
CREATE INDEX claims_status_idx ON claims (status);
CREATE INDEX claims_payer_ref_idx ON claims (payer_id, payer_claim_ref);

CREATE TABLE claim_lines (
    claim_id      TEXT   NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
    line_no       INT    NOT NULL,
    procedure_code TEXT  NOT NULL,
    modifiers     TEXT[] NOT NULL DEFAULT '{}',
    units         INT    NOT NULL,
    charge_cents  BIGINT NOT NULL,
    diagnosis_pointers INT[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (claim_id, line_no)
);

CREATE TABLE claim_status_history (
    id          BIGSERIAL PRIMARY KEY,
    claim_id    TEXT        NOT NULL REFERENCES claims(id),
    from_status TEXT        NOT NULL,
    to_status   TEXT        NOT NULL,
    reason      TEXT        NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE scrub_findings (
    claim_id   TEXT        NOT NULL REFERENCES claims(id),
    rule_code  TEXT        NOT NULL,
    severity   TEXT        NOT NULL,
    message    TEXT        NOT NULL,
    line_no    INT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (claim_id, rule_code)
);

-- One row per submission attempt of a claim version to the payer. The id is
-- "<claim_id>:<seq>" and is sent to the payer gateway as the idempotency key.
CREATE TABLE claim_submissions (
    id            TEXT PRIMARY KEY,
    claim_id      TEXT        NOT NULL REFERENCES claims(id),
    seq           INT         NOT NULL,
    status        TEXT        NOT NULL,
    payer_ref     TEXT,
    error         TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at  TIMESTAMPTZ,
    UNIQUE (claim_id, seq)
);

CREATE TABLE claim_resubmissions (
    id              TEXT PRIMARY KEY,
    claim_id        TEXT        NOT NULL REFERENCES claims(id),
    frequency_code  TEXT        NOT NULL,
    reason          TEXT        NOT NULL,
    workflow_id     TEXT        NOT NULL,
    requested_by    TEXT        NOT NULL,
    requested_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE claim_attachments (
    id                      TEXT PRIMARY KEY,
    claim_id                TEXT        NOT NULL REFERENCES claims(id),
    attachment_control_no   TEXT        NOT NULL,
    report_type_code        TEXT        NOT NULL,
    content_sha256          TEXT        NOT NULL,
    storage_uri             TEXT        NOT NULL,
    status                  TEXT        NOT NULL,
    payer_ack_ref           TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, attachment_control_no)
);

CREATE TABLE crossover_claims (
    id                  TEXT PRIMARY KEY,
    claim_id            TEXT        NOT NULL REFERENCES claims(id),
    secondary_payer_id  TEXT        NOT NULL REFERENCES payers(id),
    primary_paid_cents  BIGINT      NOT NULL,
    status              TEXT        NOT NULL,
    forwarded_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, secondary_payer_id)
);

CREATE TABLE submission_fees (
    id            TEXT PRIMARY KEY,
    practice_id   TEXT        NOT NULL REFERENCES practices(id),
    claim_id      TEXT        NOT NULL REFERENCES claims(id),
    fee_code      TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, fee_code)
);

CREATE TABLE practice_usage (
    practice_id       TEXT NOT NULL REFERENCES practices(id),
    period            DATE NOT NULL,
    claims_submitted  INT  NOT NULL DEFAULT 0,
    PRIMARY KEY (practice_id, period)
);

CREATE TABLE practice_notifications (
    event_id      TEXT PRIMARY KEY,
    practice_id   TEXT        NOT NULL REFERENCES practices(id),
    event_type    TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    attempts      INT         NOT NULL DEFAULT 0,
    delivered_at  TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
