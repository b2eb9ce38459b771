CREATE TABLE care_accounts (
    id                      TEXT PRIMARY KEY,
    family_id               TEXT NOT NULL REFERENCES families (id),
    plot_id                 TEXT NOT NULL UNIQUE REFERENCES plots (id),
    stripe_customer_id      TEXT NOT NULL,
    default_payment_method  TEXT,
    annual_fee_cents        BIGINT NOT NULL,
    balance_cents           BIGINT NOT NULL DEFAULT 0,
    next_billing_date       DATE NOT NULL,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE care_invoices (
    id                 TEXT PRIMARY KEY,
    account_id         TEXT NOT NULL REFERENCES care_accounts (id),
    period             TEXT NOT NULL,
    amount_cents       BIGINT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'open',
    payment_intent_id  TEXT,
    failure_reason     TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (account_id, period)
);

CREATE TABLE care_payments (
    id                 TEXT PRIMARY KEY,
    invoice_id         TEXT NOT NULL REFERENCES care_invoices (id),
    account_id         TEXT NOT NULL REFERENCES care_accounts (id),
    payment_intent_id  TEXT NOT NULL,
    amount_cents       BIGINT NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX care_payments_invoice_idx ON care_payments (invoice_id);
