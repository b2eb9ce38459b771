-- B2B corporate training (managed by the corporate module through gorm).

CREATE TABLE corporate_clients (
    id            UUID PRIMARY KEY,
    name          TEXT        NOT NULL,
    vat_number    TEXT,
    billing_email TEXT        NOT NULL,
    payment_terms_days INT    NOT NULL DEFAULT 30,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE corporate_contracts (
    id             UUID PRIMARY KEY,
    client_id      UUID        NOT NULL REFERENCES corporate_clients (id),
    reference      TEXT        NOT NULL UNIQUE,
    hourly_rate_cents BIGINT   NOT NULL,
    currency       TEXT        NOT NULL,
    vat_rate_bp    INT         NOT NULL DEFAULT 2100,
    starts_on      DATE        NOT NULL,
    ends_on        DATE,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE corporate_sessions (
    id           UUID PRIMARY KEY,
    contract_id  UUID         NOT NULL REFERENCES corporate_contracts (id),
    delivered_on DATE         NOT NULL,
    hours        NUMERIC(5,2) NOT NULL,
    trainer_id   TEXT         NOT NULL,
    invoice_id   UUID,
    UNIQUE (contract_id, delivered_on, trainer_id)
);

CREATE TABLE corporate_invoices (
    id             UUID PRIMARY KEY,
    contract_id    UUID        NOT NULL REFERENCES corporate_contracts (id),
    number         TEXT UNIQUE,
    period_start   DATE        NOT NULL,
    period_end     DATE        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'draft',
    currency       TEXT        NOT NULL,
    subtotal_cents BIGINT      NOT NULL DEFAULT 0,
    tax_cents      BIGINT      NOT NULL DEFAULT 0,
    total_cents    BIGINT      NOT NULL DEFAULT 0,
    paid_cents     BIGINT      NOT NULL DEFAULT 0,
    due_on         DATE,
    issued_at      TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX corporate_invoices_contract ON corporate_invoices (contract_id, period_start);

CREATE TABLE corporate_invoice_lines (
    id           UUID PRIMARY KEY,
    invoice_id   UUID         NOT NULL REFERENCES corporate_invoices (id),
    session_id   UUID REFERENCES corporate_sessions (id),
    description  TEXT         NOT NULL,
    hours        NUMERIC(7,2) NOT NULL,
    unit_cents   BIGINT       NOT NULL,
    amount_cents BIGINT       NOT NULL
);

CREATE TABLE corporate_ledger_entries (
    id           UUID PRIMARY KEY,
    client_id    UUID        NOT NULL REFERENCES corporate_clients (id),
    invoice_id   UUID REFERENCES corporate_invoices (id),
    kind         TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    currency     TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE corporate_remittances (
    id             UUID PRIMARY KEY,
    invoice_id     UUID        NOT NULL REFERENCES corporate_invoices (id),
    bank_reference TEXT        NOT NULL UNIQUE,
    amount_cents   BIGINT      NOT NULL,
    received_on    DATE        NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE SEQUENCE corporate_invoice_numbers START 1;
