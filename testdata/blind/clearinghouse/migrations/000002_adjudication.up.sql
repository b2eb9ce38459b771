-- Eligibility, remittance posting, denials and appeals.

CREATE TABLE eligibility_inquiries (
    id                          TEXT PRIMARY KEY,
    practice_id                 TEXT        NOT NULL REFERENCES practices(id),
    patient_account_id          TEXT        NOT NULL REFERENCES patient_accounts(id),
    payer_id                    TEXT        NOT NULL REFERENCES payers(id),
    trace_number                TEXT        NOT NULL,
    member_id                   TEXT        NOT NULL,
    service_type_code           TEXT        NOT NULL,
    status                      TEXT        NOT NULL,
    coverage_active             BOOLEAN,
    copay_cents                 BIGINT,
    deductible_remaining_cents  BIGINT,
    response                    JSONB,
    requested_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    responded_at                TIMESTAMPTZ,
    UNIQUE (practice_id, trace_number)
);

-- Append-only log of every call we make to a payer for an inquiry.
CREATE TABLE eligibility_attempts (
    id            UUID PRIMARY KEY,
    inquiry_id    TEXT        NOT NULL REFERENCES eligibility_inquiries(id),
    outcome       TEXT        NOT NULL,
    latency_ms    INT         NOT NULL,
    attempted_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A payer may split one EFT across several 835 transactions and reuses the
-- trace number on each, so trace_number is intentionally not unique.
CREATE TABLE remittances (
    id               TEXT PRIMARY KEY,
    payer_id         TEXT        NOT NULL REFERENCES payers(id),
    trace_number     TEXT        NOT NULL,
    payment_method   TEXT        NOT NULL,
    paid_cents       BIGINT      NOT NULL,
    production_date  DATE        NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX remittances_trace_idx ON remittances (payer_id, trace_number);

CREATE TABLE remittance_claim_payments (
    id                  TEXT PRIMARY KEY,
    remittance_id       TEXT        NOT NULL REFERENCES remittances(id),
    claim_id            TEXT        NOT NULL REFERENCES claims(id),
    claim_status_code   TEXT        NOT NULL,
    charge_cents        BIGINT      NOT NULL,
    paid_cents          BIGINT      NOT NULL,
    patient_resp_cents  BIGINT      NOT NULL,
    adjustments         JSONB       NOT NULL DEFAULT '[]'::jsonb,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX rcp_claim_idx ON remittance_claim_payments (claim_id);

-- Consumer-side dedup markers for broker-delivered events.
CREATE TABLE processed_events (
    consumer      TEXT        NOT NULL,
    event_id      TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE denials (
    id                TEXT PRIMARY KEY,
    claim_id          TEXT        NOT NULL REFERENCES claims(id),
    payer_denial_ref  TEXT        NOT NULL,
    carc_code         TEXT        NOT NULL,
    rarc_code         TEXT,
    group_code        TEXT        NOT NULL,
    denied_cents      BIGINT      NOT NULL,
    appeal_deadline   DATE,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, payer_denial_ref)
);

CREATE TABLE denial_work_items (
    id           TEXT PRIMARY KEY,
    denial_id    TEXT        NOT NULL UNIQUE REFERENCES denials(id),
    queue        TEXT        NOT NULL,
    priority     INT         NOT NULL,
    status       TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE info_requests (
    id                 TEXT PRIMARY KEY,
    claim_id           TEXT        NOT NULL REFERENCES claims(id),
    payer_request_ref  TEXT        NOT NULL,
    requested_codes    TEXT[]      NOT NULL DEFAULT '{}',
    due_date           DATE,
    status             TEXT        NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, payer_request_ref)
);

CREATE TABLE appeals (
    id                TEXT PRIMARY KEY,
    claim_id          TEXT        NOT NULL REFERENCES claims(id),
    denial_id         TEXT        NOT NULL REFERENCES denials(id),
    level             INT         NOT NULL,
    reason            TEXT        NOT NULL,
    status            TEXT        NOT NULL,
    payer_appeal_ref  TEXT,
    filed_by          TEXT        NOT NULL,
    filed_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    withdrawn_at      TIMESTAMPTZ
);
CREATE INDEX appeals_claim_idx ON appeals (claim_id);
