CREATE TABLE retirements (
    id                      UUID PRIMARY KEY,
    account_id              UUID NOT NULL REFERENCES accounts(id),
    batch_id                UUID NOT NULL REFERENCES credit_batches(id),
    quantity                BIGINT NOT NULL CHECK (quantity > 0),
    beneficiary             TEXT NOT NULL,
    purpose                 TEXT NOT NULL,
    reporting_year          INT NOT NULL,
    status                  TEXT NOT NULL DEFAULT 'pending',
    registry_submission_id  TEXT,
    registry_ref            TEXT,
    certificate_status      TEXT NOT NULL DEFAULT 'pending',
    rejection_reason        TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX retirements_account_idx ON retirements (account_id);

CREATE TABLE certificates (
    id             UUID PRIMARY KEY,
    retirement_id  UUID NOT NULL REFERENCES retirements(id),
    document_id    TEXT NOT NULL,
    url            TEXT NOT NULL,
    sha256         TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT certificates_retirement_key UNIQUE (retirement_id)
);

CREATE TABLE webhook_endpoints (
    id          UUID PRIMARY KEY,
    account_id  UUID NOT NULL REFERENCES accounts(id),
    url         TEXT NOT NULL,
    secret      TEXT NOT NULL,
    active      BOOLEAN NOT NULL DEFAULT true,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Append-only log of every outbound call attempt, for support and billing
-- reconciliation.
CREATE TABLE provider_attempts (
    id          UUID PRIMARY KEY,
    provider    TEXT NOT NULL,
    operation   TEXT NOT NULL,
    ref         TEXT NOT NULL,
    outcome     TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX provider_attempts_ref_idx ON provider_attempts (provider, ref);
