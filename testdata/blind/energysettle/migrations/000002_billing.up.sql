-- Retail billing: accounts, invoices, credit notes, fees.

CREATE TABLE tariffs (
    code                     TEXT PRIMARY KEY,
    unit_rate_pence_per_kwh  NUMERIC(8,4) NOT NULL,
    standing_charge_pence    NUMERIC(8,4) NOT NULL,
    vat_rate                 NUMERIC(5,4) NOT NULL DEFAULT 0.05
);

CREATE TABLE accounts (
    id              UUID PRIMARY KEY,
    account_number  TEXT        NOT NULL UNIQUE,
    name            TEXT        NOT NULL,
    email           TEXT        NOT NULL,
    tariff_code     TEXT        NOT NULL REFERENCES tariffs (code),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
    id             UUID PRIMARY KEY,
    account_id     UUID        NOT NULL REFERENCES accounts (id),
    period_start   DATE        NOT NULL,
    period_end     DATE        NOT NULL,
    total_pence    BIGINT      NOT NULL,
    balance_pence  BIGINT      NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'unpaid',
    due_date       DATE        NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoices_account_period_key UNIQUE (account_id, period_start)
);

CREATE INDEX invoices_status_due_idx ON invoices (status, due_date);

CREATE TABLE invoice_lines (
    id            BIGSERIAL PRIMARY KEY,
    invoice_id    UUID          NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    line_no       INT           NOT NULL,
    description   TEXT          NOT NULL,
    quantity      NUMERIC(14,3) NOT NULL DEFAULT 0,
    amount_pence  BIGINT        NOT NULL,
    CONSTRAINT invoice_lines_invoice_line_key UNIQUE (invoice_id, line_no)
);

CREATE TABLE credit_notes (
    id            UUID PRIMARY KEY,
    invoice_id    UUID        NOT NULL REFERENCES invoices (id),
    amount_pence  BIGINT      NOT NULL CHECK (amount_pence > 0),
    reason        TEXT        NOT NULL,
    issued_by     TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE late_fees (
    id            UUID PRIMARY KEY,
    invoice_id    UUID        NOT NULL REFERENCES invoices (id),
    amount_pence  BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT late_fees_invoice_key UNIQUE (invoice_id)
);

CREATE TABLE manual_adjustments (
    id            UUID PRIMARY KEY,
    account_id    UUID        NOT NULL REFERENCES accounts (id),
    invoice_id    UUID        REFERENCES invoices (id),
    amount_pence  BIGINT      NOT NULL,
    reason        TEXT        NOT NULL,
    created_by    TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX manual_adjustments_account_idx ON manual_adjustments (account_id, created_at);

CREATE TABLE idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    request_hash   TEXT        NOT NULL,
    status_code    INT         NOT NULL,
    response_body  BYTEA       NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
