CREATE TABLE payment_runs (
    id         UUID PRIMARY KEY,
    tenant_id  TEXT NOT NULL REFERENCES tenants (id),
    run_date   DATE NOT NULL,
    status     TEXT NOT NULL DEFAULT 'open',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payment_runs_tenant_date_uq UNIQUE (tenant_id, run_date)
);

CREATE TABLE payments (
    id            UUID PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants (id),
    run_id        UUID REFERENCES payment_runs (id),
    invoice_id    UUID NOT NULL REFERENCES invoices (id),
    supplier_id   UUID NOT NULL REFERENCES suppliers (id),
    method        TEXT NOT NULL,
    amount_minor  BIGINT NOT NULL CHECK (amount_minor > 0),
    currency      CHAR(3) NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending',
    provider_ref  TEXT,
    scheduled_for DATE NOT NULL,
    retry_of      UUID REFERENCES payments (id),
    failure_code  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_run_invoice_uq ON payments (run_id, invoice_id) WHERE run_id IS NOT NULL;
CREATE INDEX payments_status_idx ON payments (tenant_id, status, scheduled_for);
CREATE UNIQUE INDEX payments_provider_ref_uq ON payments (provider_ref) WHERE provider_ref IS NOT NULL;

-- Append-only log of provider calls made for a payment.
CREATE TABLE payment_attempts (
    id         TEXT PRIMARY KEY,
    payment_id UUID NOT NULL REFERENCES payments (id),
    provider   TEXT NOT NULL,
    outcome    TEXT NOT NULL DEFAULT 'started',
    error      TEXT NOT NULL DEFAULT '',
    started_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payment_attempts_payment_idx ON payment_attempts (payment_id);

-- Caller-supplied idempotency keys for the public API.
CREATE TABLE idempotency_keys (
    tenant_id     TEXT NOT NULL,
    key           TEXT NOT NULL,
    scope         TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    resource_id   TEXT,
    response_code INT,
    response_body JSONB,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, scope, key)
);

CREATE TABLE remittances (
    payment_id UUID PRIMARY KEY REFERENCES payments (id),
    recipient  TEXT NOT NULL,
    status     TEXT NOT NULL DEFAULT 'pending',
    message_id TEXT,
    sent_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
