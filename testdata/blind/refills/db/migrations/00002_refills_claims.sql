-- +goose Up
CREATE TABLE refill_requests (
    id               uuid PRIMARY KEY,
    prescription_id  uuid        NOT NULL REFERENCES prescriptions (id),
    patient_id       uuid        NOT NULL REFERENCES patients (id),
    fill_number      integer     NOT NULL,
    status           text        NOT NULL,
    source           text        NOT NULL,
    ship_line1       text        NOT NULL DEFAULT '',
    ship_line2       text        NOT NULL DEFAULT '',
    ship_city        text        NOT NULL DEFAULT '',
    ship_state       text        NOT NULL DEFAULT '',
    ship_postal_code text        NOT NULL DEFAULT '',
    cancel_reason    text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refill_requests_rx_fill_key UNIQUE (prescription_id, fill_number)
);

CREATE INDEX refill_requests_patient_idx ON refill_requests (patient_id, created_at DESC);
CREATE INDEX refill_requests_status_idx ON refill_requests (status);

-- Request-level idempotency for API callers. scope separates the endpoints
-- sharing this table.
CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    request_hash  text        NOT NULL DEFAULT '',
    resource_id   text,
    status_code   integer,
    response_body bytea,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE pharmacist_verifications (
    id            uuid PRIMARY KEY,
    refill_id     uuid        NOT NULL REFERENCES refill_requests (id),
    pharmacist_id text        NOT NULL,
    decision      text        NOT NULL,
    notes         text        NOT NULL DEFAULT '',
    verified_at   timestamptz NOT NULL,
    CONSTRAINT pharmacist_verifications_refill_key UNIQUE (refill_id)
);

-- Append-only log of eligibility (E1) transactions.
CREATE TABLE eligibility_checks (
    id            text PRIMARY KEY,
    refill_id     uuid        NOT NULL REFERENCES refill_requests (id),
    patient_id    uuid        NOT NULL REFERENCES patients (id),
    bin           text        NOT NULL,
    pcn           text        NOT NULL,
    group_id      text        NOT NULL,
    member_id     text        NOT NULL,
    eligible      boolean     NOT NULL,
    plan_name     text        NOT NULL DEFAULT '',
    coverage_code text        NOT NULL DEFAULT '',
    raw_response  jsonb,
    checked_at    timestamptz NOT NULL
);

CREATE INDEX eligibility_checks_refill_idx ON eligibility_checks (refill_id, checked_at DESC);

CREATE TABLE claims (
    id                    uuid PRIMARY KEY,
    refill_id             uuid        NOT NULL REFERENCES refill_requests (id),
    claim_reference       text        NOT NULL,
    status                text        NOT NULL,
    pbm_claim_id          text,
    ingredient_cost_cents bigint      NOT NULL DEFAULT 0,
    dispensing_fee_cents  bigint      NOT NULL DEFAULT 0,
    copay_cents           bigint      NOT NULL DEFAULT 0,
    plan_paid_cents       bigint      NOT NULL DEFAULT 0,
    reject_codes          text        NOT NULL DEFAULT '',
    submitted_at          timestamptz,
    adjudicated_at        timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT claims_refill_key UNIQUE (refill_id),
    CONSTRAINT claims_reference_key UNIQUE (claim_reference)
);

CREATE INDEX claims_status_idx ON claims (status, submitted_at);

CREATE TABLE claim_reversals (
    id                 uuid PRIMARY KEY,
    claim_id           uuid        NOT NULL REFERENCES claims (id),
    reversal_reference text        NOT NULL,
    pbm_status         text        NOT NULL,
    reversed_at        timestamptz NOT NULL
);

CREATE INDEX claim_reversals_claim_idx ON claim_reversals (claim_id);

CREATE TABLE prior_authorizations (
    id              uuid PRIMARY KEY,
    refill_id       uuid        NOT NULL REFERENCES refill_requests (id),
    claim_id        uuid REFERENCES claims (id),
    pbm_case_id     text        NOT NULL,
    status          text        NOT NULL,
    diagnosis_codes text        NOT NULL DEFAULT '',
    submitted_by    text        NOT NULL,
    submitted_at    timestamptz NOT NULL
);

CREATE INDEX prior_authorizations_refill_idx ON prior_authorizations (refill_id);

-- +goose Down
DROP TABLE prior_authorizations;
DROP TABLE claim_reversals;
DROP TABLE claims;
DROP TABLE eligibility_checks;
DROP TABLE pharmacist_verifications;
DROP TABLE idempotency_keys;
DROP TABLE refill_requests;
