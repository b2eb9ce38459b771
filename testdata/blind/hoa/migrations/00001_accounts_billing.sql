-- +goose Up
CREATE TABLE associations (
    id              UUID PRIMARY KEY,
    name            TEXT        NOT NULL,
    timezone        TEXT        NOT NULL DEFAULT 'America/Chicago',
    late_fee_cents  BIGINT      NOT NULL DEFAULT 2500 CHECK (late_fee_cents >= 0),
    grace_days      INT         NOT NULL DEFAULT 15 CHECK (grace_days >= 0),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE owner_accounts (
    id                  UUID PRIMARY KEY,
    association_id      UUID        NOT NULL REFERENCES associations (id),
    unit_label          TEXT        NOT NULL,
    owner_name          TEXT        NOT NULL,
    email               TEXT,
    phone               TEXT,
    sms_opt_in          BOOLEAN     NOT NULL DEFAULT false,
    monthly_dues_cents  BIGINT      NOT NULL CHECK (monthly_dues_cents >= 0),
    autopay_method      TEXT        NOT NULL DEFAULT 'none' CHECK (autopay_method IN ('none', 'card', 'ach')),
    payment_customer_id TEXT,
    payment_method_ref  TEXT,
    status              TEXT        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed')),
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (association_id, unit_label)
);

CREATE TABLE invoices (
    id                   UUID PRIMARY KEY,
    account_id           UUID        NOT NULL REFERENCES owner_accounts (id),
    period               TEXT        NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
    amount_cents         BIGINT      NOT NULL CHECK (amount_cents >= 0),
    due_on               DATE        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
    late_fee_assessed_at TIMESTAMPTZ,
    collection_task_id   TEXT,
    paid_at              TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (account_id, period)
);

CREATE INDEX invoices_open_due_on ON invoices (due_on) WHERE status = 'open';

-- Owner ledger. Positive amounts are owed by the owner, negative amounts are
-- credits (payments, adjustments in the owner's favour).
CREATE TABLE ledger_entries (
    id           UUID PRIMARY KEY,
    account_id   UUID        NOT NULL REFERENCES owner_accounts (id),
    invoice_id   UUID REFERENCES invoices (id),
    kind         TEXT        NOT NULL CHECK (kind IN ('dues', 'late_fee', 'fine', 'nsf_fee', 'payment', 'adjustment', 'deposit')),
    amount_cents BIGINT      NOT NULL,
    memo         TEXT        NOT NULL DEFAULT '',
    source_ref   TEXT,
    created_by   TEXT        NOT NULL DEFAULT 'system',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_account ON ledger_entries (account_id, created_at);
CREATE UNIQUE INDEX ledger_entries_one_dues_per_invoice ON ledger_entries (invoice_id) WHERE kind = 'dues';
CREATE UNIQUE INDEX ledger_entries_one_late_fee_per_invoice ON ledger_entries (invoice_id) WHERE kind = 'late_fee';
CREATE UNIQUE INDEX ledger_entries_payment_source ON ledger_entries (source_ref) WHERE kind = 'payment';

CREATE TABLE invoice_reminders (
    invoice_id   UUID        NOT NULL REFERENCES invoices (id),
    stage        TEXT        NOT NULL CHECK (stage IN ('upcoming', 'overdue', 'final')),
    provider_ref TEXT,
    sent_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (invoice_id, stage)
);

-- +goose Down
DROP TABLE invoice_reminders;
DROP TABLE ledger_entries;
DROP TABLE invoices;
DROP TABLE owner_accounts;
DROP TABLE associations;
