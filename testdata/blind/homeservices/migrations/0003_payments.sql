-- Deposit holds, refunds, technician payouts and the money ledger.

CREATE TABLE payment_holds (
    id                TEXT PRIMARY KEY,
    job_id            TEXT        NOT NULL REFERENCES jobs (id),
    quote_id          TEXT        NOT NULL REFERENCES quotes (id),
    amount_cents      BIGINT      NOT NULL,
    currency          TEXT        NOT NULL,
    payment_intent_id TEXT,
    status            TEXT        NOT NULL DEFAULT 'pending',
    captured_cents    BIGINT      NOT NULL DEFAULT 0,
    refunded_cents    BIGINT      NOT NULL DEFAULT 0,
    expires_at        TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payment_holds_job_key UNIQUE (job_id),
    CONSTRAINT payment_holds_quote_key UNIQUE (quote_id)
);

CREATE UNIQUE INDEX payment_holds_intent_key ON payment_holds (payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX payment_holds_expiry_idx ON payment_holds (expires_at) WHERE status = 'authorized';

CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    hold_id          TEXT        NOT NULL REFERENCES payment_holds (id),
    amount_cents     BIGINT      NOT NULL CHECK (amount_cents > 0),
    reason           TEXT        NOT NULL,
    requested_by     TEXT        NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'pending',
    stripe_refund_id TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                 TEXT PRIMARY KEY,
    job_id             TEXT        NOT NULL REFERENCES jobs (id),
    technician_id      TEXT        NOT NULL REFERENCES technicians (id),
    amount_cents       BIGINT      NOT NULL,
    currency           TEXT        NOT NULL,
    status             TEXT        NOT NULL DEFAULT 'pending',
    stripe_transfer_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at            TIMESTAMPTZ
);

CREATE INDEX payouts_technician_idx ON payouts (technician_id, created_at DESC);

CREATE TABLE ledger_entries (
    id           TEXT PRIMARY KEY,
    account      TEXT        NOT NULL,
    job_id       TEXT,
    kind         TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    currency     TEXT        NOT NULL,
    reference    TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, created_at);

CREATE TABLE invoices (
    id                  TEXT PRIMARY KEY,
    job_id              TEXT        NOT NULL REFERENCES jobs (id),
    amount_cents        BIGINT      NOT NULL,
    currency            TEXT        NOT NULL,
    insurer_invoice_ref TEXT,
    sent_at             TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoices_job_key UNIQUE (job_id)
);
