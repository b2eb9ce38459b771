-- +goose Up
-- +goose StatementBegin
CREATE TABLE bank_accounts (
    id               TEXT PRIMARY KEY,
    customer_id      TEXT NOT NULL REFERENCES customers (id),
    fingerprint      TEXT NOT NULL,
    holder_name      TEXT NOT NULL,
    sort_code        TEXT NOT NULL,
    account_last4    TEXT NOT NULL,
    vault_token      TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'unverified',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (customer_id, fingerprint)
);

CREATE TABLE bank_account_verifications (
    id               TEXT PRIMARY KEY,
    bank_account_id  TEXT NOT NULL REFERENCES bank_accounts (id),
    partner_ref      TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE loans (
    id                   TEXT PRIMARY KEY,
    offer_id             TEXT NOT NULL UNIQUE REFERENCES offers (id),
    customer_id          TEXT NOT NULL REFERENCES customers (id),
    bank_account_id      TEXT REFERENCES bank_accounts (id),
    principal_cents      BIGINT NOT NULL,
    balance_cents        BIGINT NOT NULL DEFAULT 0,
    fees_cents           BIGINT NOT NULL DEFAULT 0,
    currency             TEXT NOT NULL DEFAULT 'gbp',
    status               TEXT NOT NULL DEFAULT 'pending_disbursement',
    autopay_pm           TEXT,
    version              INT NOT NULL DEFAULT 1,
    disbursed_at         TIMESTAMPTZ,
    charged_off_at       TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX loans_customer_idx ON loans (customer_id);
CREATE INDEX loans_status_idx ON loans (status);

CREATE TABLE instalments (
    id               TEXT PRIMARY KEY,
    loan_id          TEXT NOT NULL REFERENCES loans (id),
    seq              INT NOT NULL,
    due_date         DATE NOT NULL,
    amount_cents     BIGINT NOT NULL,
    paid_cents       BIGINT NOT NULL DEFAULT 0,
    status           TEXT NOT NULL DEFAULT 'scheduled',
    UNIQUE (loan_id, seq)
);
CREATE INDEX instalments_due_idx ON instalments (due_date) WHERE status IN ('scheduled', 'due', 'overdue');

CREATE TABLE disbursements (
    id               TEXT PRIMARY KEY,
    loan_id          TEXT NOT NULL REFERENCES loans (id),
    attempt          INT NOT NULL DEFAULT 1,
    bank_account_id  TEXT NOT NULL REFERENCES bank_accounts (id),
    amount_cents     BIGINT NOT NULL,
    client_reference TEXT NOT NULL,
    partner_ref      TEXT,
    status           TEXT NOT NULL DEFAULT 'pending',
    failure_reason   TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (loan_id, attempt)
);
CREATE INDEX disbursements_ref_idx ON disbursements (client_reference);

CREATE TABLE autopay_mandates (
    loan_id            TEXT PRIMARY KEY REFERENCES loans (id),
    payment_method_id  TEXT NOT NULL,
    enabled            BOOLEAN NOT NULL DEFAULT true,
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
DROP TABLE autopay_mandates;
DROP TABLE disbursements;
DROP TABLE instalments;
DROP TABLE loans;
DROP TABLE bank_account_verifications;
DROP TABLE bank_accounts;
