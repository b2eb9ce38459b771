-- Double-entry ledger, managed through gorm models in internal/ledger.

CREATE TABLE IF NOT EXISTS ledger_accounts (
    id         bigserial PRIMARY KEY,
    company_id uuid NOT NULL,
    code       text NOT NULL,
    name       text NOT NULL,
    kind       text NOT NULL
);

CREATE TABLE IF NOT EXISTS journal_entries (
    id              text PRIMARY KEY,
    company_id      uuid NOT NULL,
    idempotency_key text,
    description     text NOT NULL,
    source          text NOT NULL,
    posted_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS journal_lines (
    id           bigserial PRIMARY KEY,
    entry_id     text NOT NULL REFERENCES journal_entries(id),
    account_code text NOT NULL,
    debit_cents  bigint NOT NULL DEFAULT 0,
    credit_cents bigint NOT NULL DEFAULT 0,
    memo         text NOT NULL DEFAULT ''
);
