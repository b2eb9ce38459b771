-- +migrate Up
CREATE TABLE claims (
    id                       UUID PRIMARY KEY,
    claim_number             TEXT        NOT NULL UNIQUE,
    policy_number            TEXT        NOT NULL,
    source                   TEXT        NOT NULL DEFAULT 'portal',
    external_ref             TEXT,
    status                   TEXT        NOT NULL,
    loss_type                TEXT        NOT NULL,
    loss_date                DATE        NOT NULL,
    description              TEXT        NOT NULL DEFAULT '',
    claimant_name            TEXT        NOT NULL,
    claimant_email           TEXT        NOT NULL,
    claimant_stripe_account  TEXT,
    at_fault_party           TEXT,
    broker_webhook_url       TEXT,
    reserve_total_cents      BIGINT      NOT NULL DEFAULT 0,
    paid_total_cents         BIGINT      NOT NULL DEFAULT 0,
    recovered_total_cents    BIGINT      NOT NULL DEFAULT 0,
    close_reason             TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at                TIMESTAMPTZ,
    CONSTRAINT claims_source_external_ref_key UNIQUE (source, external_ref)
);

CREATE INDEX claims_status_idx ON claims (status);

-- Caller-supplied Idempotency-Key bookkeeping for POST endpoints that replay
-- their first response.
CREATE TABLE idempotency_keys (
    scope            TEXT        NOT NULL,
    idem_key         TEXT        NOT NULL,
    request_hash     TEXT        NOT NULL,
    response_status  INT,
    response_body    JSONB,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

CREATE TABLE adjusters (
    id         UUID PRIMARY KEY,
    full_name  TEXT    NOT NULL,
    email      TEXT    NOT NULL,
    active     BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE claim_assignments (
    claim_id     UUID        NOT NULL REFERENCES claims (id),
    adjuster_id  UUID        NOT NULL REFERENCES adjusters (id),
    role         TEXT        NOT NULL,
    assigned_by  TEXT        NOT NULL,
    assigned_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (claim_id, adjuster_id)
);

CREATE TABLE triage_queue (
    claim_id     UUID PRIMARY KEY REFERENCES claims (id),
    priority     INT         NOT NULL,
    enqueued_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE reserve_changes (
    id           UUID PRIMARY KEY,
    claim_id     UUID        NOT NULL REFERENCES claims (id),
    category     TEXT        NOT NULL,
    delta_cents  BIGINT      NOT NULL,
    reason       TEXT        NOT NULL,
    changed_by   TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX reserve_changes_claim_idx ON reserve_changes (claim_id);

-- Money movements booked against a claim (payouts, repair invoices,
-- subrogation recoveries).
CREATE TABLE claim_ledger (
    id            BIGSERIAL PRIMARY KEY,
    claim_id      UUID        NOT NULL REFERENCES claims (id),
    entry_type    TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    source_ref    TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX claim_ledger_claim_idx ON claim_ledger (claim_id);

CREATE TABLE outbox (
    id            UUID PRIMARY KEY,
    topic         TEXT        NOT NULL,
    payload       JSONB       NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

-- Inbound webhook / message de-duplication.
CREATE TABLE processed_webhooks (
    provider      TEXT        NOT NULL,
    event_id      TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE inbox_messages (
    consumer     TEXT        NOT NULL,
    message_id   TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);
