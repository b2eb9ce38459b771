CREATE TABLE funding_sources (
    id                          TEXT PRIMARY KEY,
    tenant_id                   TEXT NOT NULL REFERENCES tenants (id),
    provider_funding_source_id  TEXT NOT NULL UNIQUE,
    bank_name                   TEXT NOT NULL DEFAULT '',
    account_mask                TEXT NOT NULL DEFAULT '',
    status                      TEXT NOT NULL DEFAULT 'unverified',
    created_at                  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE autopay_enrollments (
    lease_id            TEXT PRIMARY KEY REFERENCES leases (id),
    tenant_id           TEXT NOT NULL REFERENCES tenants (id),
    funding_source_id   TEXT NOT NULL REFERENCES funding_sources (id),
    enabled             BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    tenant_id           TEXT NOT NULL REFERENCES tenants (id),
    funding_source_id   TEXT NOT NULL REFERENCES funding_sources (id),
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    source              TEXT NOT NULL,
    period              DATE,
    status              TEXT NOT NULL DEFAULT 'pending',
    transfer_id         TEXT UNIQUE,
    failure_code        TEXT,
    disbursement_id     TEXT,
    processed_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_autopay_period_key ON payments (lease_id, period) WHERE source = 'autopay';
CREATE INDEX payments_status_idx ON payments (status, updated_at);

CREATE TABLE payment_attempts (
    id                  TEXT PRIMARY KEY,
    payment_id          TEXT NOT NULL REFERENCES payments (id),
    idempotency_key     TEXT NOT NULL,
    outcome             TEXT NOT NULL,
    detail              TEXT NOT NULL DEFAULT '',
    attempted_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                  TEXT PRIMARY KEY,
    payment_id          TEXT NOT NULL REFERENCES payments (id),
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    reason              TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL DEFAULT 'pending',
    transfer_id         TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_plans (
    id                  TEXT PRIMARY KEY,
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    total_cents         BIGINT NOT NULL,
    installments        INT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_plan_installments (
    plan_id             TEXT NOT NULL REFERENCES payment_plans (id),
    seq                 INT NOT NULL,
    due_on              DATE NOT NULL,
    amount_cents        BIGINT NOT NULL,
    PRIMARY KEY (plan_id, seq)
);

CREATE TABLE idempotency_keys (
    scope               TEXT NOT NULL,
    key                 TEXT NOT NULL,
    request_hash        TEXT NOT NULL,
    resource_id         TEXT,
    status_code         INT,
    response            JSONB,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at        TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

CREATE TABLE webhook_events (
    provider_event_id   TEXT PRIMARY KEY,
    event_type          TEXT NOT NULL,
    payload             JSONB NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
