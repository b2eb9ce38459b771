-- +goose Up
CREATE TABLE contracts (
    id              TEXT PRIMARY KEY,
    client_id       TEXT NOT NULL,
    freelancer_id   TEXT NOT NULL,
    client_email    TEXT NOT NULL,
    freelancer_email TEXT NOT NULL,
    currency        CHAR(3) NOT NULL,
    fee_bps         INTEGER NOT NULL DEFAULT 1000 CHECK (fee_bps >= 0 AND fee_bps <= 5000),
    status          TEXT NOT NULL DEFAULT 'active',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX contracts_client_idx ON contracts (client_id);
CREATE INDEX contracts_freelancer_idx ON contracts (freelancer_id);

CREATE TABLE milestones (
    id              TEXT PRIMARY KEY,
    contract_id     TEXT NOT NULL REFERENCES contracts (id),
    title           TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    amount_minor    BIGINT NOT NULL CHECK (amount_minor > 0),
    currency        CHAR(3) NOT NULL,
    status          TEXT NOT NULL,
    due_at          TIMESTAMPTZ,
    submitted_at    TIMESTAMPTZ,
    approved_at     TIMESTAMPTZ,
    cancelled_at    TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX milestones_contract_idx ON milestones (contract_id);
CREATE INDEX milestones_review_idx ON milestones (status, submitted_at) WHERE status = 'submitted';

CREATE TABLE funding_intents (
    id                  TEXT PRIMARY KEY,
    milestone_id        TEXT NOT NULL REFERENCES milestones (id),
    idempotency_key     TEXT NOT NULL,
    payment_method_id   TEXT NOT NULL,
    amount_minor        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL,
    provider_charge_id  TEXT,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (milestone_id, idempotency_key)
);

CREATE UNIQUE INDEX funding_intents_charge_idx ON funding_intents (provider_charge_id)
    WHERE provider_charge_id IS NOT NULL;

CREATE TABLE submissions (
    id              TEXT PRIMARY KEY,
    milestone_id    TEXT NOT NULL REFERENCES milestones (id),
    submission_ref  TEXT NOT NULL,
    revision        INTEGER NOT NULL,
    note            TEXT NOT NULL DEFAULT '',
    file_urls       JSONB NOT NULL DEFAULT '[]',
    status          TEXT NOT NULL DEFAULT 'pending',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (milestone_id, submission_ref),
    UNIQUE (milestone_id, revision)
);

CREATE TABLE submission_reviews (
    submission_id   TEXT PRIMARY KEY REFERENCES submissions (id),
    decision        TEXT NOT NULL,
    note            TEXT NOT NULL DEFAULT '',
    reviewer_id     TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE submission_reviews;
DROP TABLE submissions;
DROP TABLE funding_intents;
DROP TABLE milestones;
DROP TABLE contracts;
