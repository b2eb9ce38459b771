-- Debtor collections, bank statements, fees and the ledger.

CREATE TABLE collections (
    id                   uuid PRIMARY KEY,
    invoice_id           uuid        NOT NULL REFERENCES invoices (id),
    installment          integer     NOT NULL,
    amount_minor         bigint      NOT NULL,
    currency             char(3)     NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_payment_id  text,
    attempts             integer     NOT NULL DEFAULT 0,
    last_failure         text        NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT collections_installment_uq UNIQUE (invoice_id, installment)
);

CREATE INDEX collections_provider_payment_idx ON collections (provider_payment_id);

CREATE TABLE payment_events (
    event_id             text PRIMARY KEY,
    provider_payment_id  text        NOT NULL,
    status               text        NOT NULL,
    payload              jsonb       NOT NULL,
    received_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bank_statement_lines (
    id                  uuid PRIMARY KEY,
    bank_txn_id         text        NOT NULL,
    account_id          text        NOT NULL,
    amount_minor        bigint      NOT NULL,
    currency            char(3)     NOT NULL,
    booked_at           timestamptz NOT NULL,
    counterparty_name   text        NOT NULL DEFAULT '',
    remittance_info     text        NOT NULL DEFAULT '',
    status              text        NOT NULL DEFAULT 'unmatched',
    matched_invoice_id  uuid,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT bank_statement_lines_txn_uq UNIQUE (account_id, bank_txn_id)
);

CREATE TABLE fee_accruals (
    id            uuid PRIMARY KEY,
    advance_id    uuid        NOT NULL REFERENCES advances (id),
    accrual_date  date        NOT NULL,
    amount_minor  bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT fee_accruals_day_uq UNIQUE (advance_id, accrual_date)
);

CREATE TABLE ledger_entries (
    id            uuid PRIMARY KEY,
    advance_id    uuid,
    invoice_id    uuid,
    entry_type    text        NOT NULL,
    amount_minor  bigint      NOT NULL,
    currency      char(3)     NOT NULL,
    source_ref    text        NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_advance_idx ON ledger_entries (advance_id, entry_type);
