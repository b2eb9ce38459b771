-- Customers, service sites, stored payment methods and the account ledger.

CREATE TABLE customers (
    id                 TEXT PRIMARY KEY,
    account_number     TEXT NOT NULL,
    name               TEXT NOT NULL,
    phone              TEXT,
    email              TEXT,
    provider_customer  TEXT,
    credit_cents       BIGINT NOT NULL DEFAULT 0,
    autopay            BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT customers_account_number_uq UNIQUE (account_number)
);

CREATE TABLE sites (
    id             TEXT PRIMARY KEY,
    customer_id    TEXT NOT NULL REFERENCES customers (id),
    label          TEXT NOT NULL,
    address        TEXT NOT NULL,
    landfill_code  TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_methods (
    id              UUID PRIMARY KEY,
    customer_id     TEXT NOT NULL REFERENCES customers (id),
    provider_pm_id  TEXT NOT NULL,
    brand           TEXT NOT NULL,
    last4           TEXT NOT NULL,
    exp_month       INT NOT NULL,
    exp_year        INT NOT NULL,
    is_default      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payment_methods_customer_pm_uq UNIQUE (customer_id, provider_pm_id)
);

CREATE TABLE customer_ledger (
    id            TEXT PRIMARY KEY,
    customer_id   TEXT NOT NULL REFERENCES customers (id),
    kind          TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    reference     TEXT,
    memo          TEXT,
    created_by    TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX customer_ledger_customer_idx ON customer_ledger (customer_id, created_at);

CREATE TABLE idempotency_keys (
    scope            TEXT NOT NULL,
    key              TEXT NOT NULL,
    fingerprint      TEXT NOT NULL,
    resource_id      TEXT,
    response_status  INT,
    response_body    BYTEA,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE webhook_inbox (
    source       TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);
