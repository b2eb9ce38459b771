-- +goose Up
CREATE TABLE advance_applications (
    id                          uuid PRIMARY KEY,
    partner_id                  uuid        NOT NULL REFERENCES partners (id),
    customer_id                 uuid        NOT NULL REFERENCES customers (id),
    partner_return_ref          text        NOT NULL,
    tax_year                    integer     NOT NULL,
    expected_refund_cents       bigint      NOT NULL CHECK (expected_refund_cents > 0),
    requested_amount_cents      bigint      NOT NULL CHECK (requested_amount_cents > 0),
    approved_amount_cents       bigint      NOT NULL DEFAULT 0,
    fee_cents                   bigint      NOT NULL DEFAULT 0,
    outstanding_cents           bigint      NOT NULL DEFAULT 0,
    refund_received_cents       bigint      NOT NULL DEFAULT 0,
    rt_account_ref              text        NOT NULL,
    destination_account_token   text        NOT NULL,
    status                      text        NOT NULL,
    irs_status                  text        NOT NULL DEFAULT 'pending',
    withdraw_reason             text        NOT NULL DEFAULT '',
    decided_at                  timestamptz,
    funded_at                   timestamptz,
    repaid_at                   timestamptz,
    created_at                  timestamptz NOT NULL DEFAULT now(),
    updated_at                  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT advance_applications_status_check CHECK (status IN (
        'submitted', 'underwriting', 'approved', 'declined', 'withdrawn',
        'disbursing', 'disbursement_returned', 'funded', 'repaid'))
);

-- One live application per customer per tax year.
CREATE UNIQUE INDEX advance_applications_active_customer_year
    ON advance_applications (customer_id, tax_year)
    WHERE status NOT IN ('declined', 'withdrawn');

-- An RT account belongs to one live application.
CREATE UNIQUE INDEX advance_applications_active_rt_account
    ON advance_applications (rt_account_ref)
    WHERE status NOT IN ('declined', 'withdrawn');

CREATE INDEX advance_applications_partner_return ON advance_applications (partner_id, partner_return_ref);
CREATE INDEX advance_applications_status_created ON advance_applications (status, created_at);

CREATE TABLE application_requests (
    partner_id      uuid        NOT NULL REFERENCES partners (id),
    idempotency_key text        NOT NULL,
    request_hash    text        NOT NULL,
    application_id  uuid        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (partner_id, idempotency_key)
);

CREATE TABLE credit_reports (
    id              uuid PRIMARY KEY,
    application_id  uuid        NOT NULL REFERENCES advance_applications (id),
    bureau          text        NOT NULL,
    inquiry_ref     text        NOT NULL,
    score           integer     NOT NULL,
    open_tradelines integer     NOT NULL,
    delinquencies   integer     NOT NULL,
    bankruptcy      boolean     NOT NULL,
    pulled_at       timestamptz NOT NULL,
    CONSTRAINT credit_reports_application_key UNIQUE (application_id)
);

CREATE TABLE underwriting_attempts (
    id              uuid PRIMARY KEY,
    application_id  uuid        NOT NULL REFERENCES advance_applications (id),
    outcome         text        NOT NULL,
    detail          text        NOT NULL DEFAULT '',
    started_at      timestamptz NOT NULL,
    finished_at     timestamptz
);
CREATE INDEX underwriting_attempts_application ON underwriting_attempts (application_id, started_at);

CREATE TABLE underwriting_decisions (
    id                      uuid PRIMARY KEY,
    application_id          uuid        NOT NULL REFERENCES advance_applications (id),
    outcome                 text        NOT NULL CHECK (outcome IN ('approved', 'declined')),
    approved_amount_cents   bigint      NOT NULL DEFAULT 0,
    fee_cents               bigint      NOT NULL DEFAULT 0,
    reason_codes            text        NOT NULL DEFAULT '',
    policy_version          text        NOT NULL,
    decided_by              text        NOT NULL,
    decided_at              timestamptz NOT NULL,
    CONSTRAINT underwriting_decisions_application_key UNIQUE (application_id)
);

-- +goose Down
DROP TABLE underwriting_decisions;
DROP TABLE underwriting_attempts;
DROP TABLE credit_reports;
DROP TABLE application_requests;
DROP TABLE advance_applications;
