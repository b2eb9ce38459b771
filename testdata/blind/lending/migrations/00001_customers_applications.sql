-- +goose Up
-- +goose StatementBegin
CREATE TABLE customers (
    id                  TEXT PRIMARY KEY,
    email               TEXT NOT NULL,
    phone               TEXT,
    stripe_customer_id  TEXT,
    bureau_subject_id   TEXT,
    credit_limit_cents  BIGINT NOT NULL DEFAULT 0,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE applications (
    id               TEXT PRIMARY KEY,
    customer_id      TEXT NOT NULL REFERENCES customers (id),
    merchant_id      TEXT NOT NULL,
    order_ref        TEXT NOT NULL,
    amount_cents     BIGINT NOT NULL CHECK (amount_cents > 0),
    currency         TEXT NOT NULL DEFAULT 'gbp',
    term_months      INT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'submitted',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX applications_customer_idx ON applications (customer_id, created_at DESC);
CREATE INDEX applications_order_idx ON applications (merchant_id, order_ref);

CREATE TABLE credit_checks (
    id               TEXT PRIMARY KEY,
    application_id   TEXT NOT NULL UNIQUE REFERENCES applications (id),
    kind             TEXT NOT NULL DEFAULT 'hard',
    bureau_ref       TEXT,
    status           TEXT NOT NULL DEFAULT 'pending',
    score            INT,
    decided_at       TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE limit_increase_requests (
    id               TEXT PRIMARY KEY,
    customer_id      TEXT NOT NULL REFERENCES customers (id),
    requested_cents  BIGINT NOT NULL,
    bureau_ref       TEXT NOT NULL,
    score            INT,
    status           TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE offers (
    id               TEXT PRIMARY KEY,
    application_id   TEXT NOT NULL UNIQUE REFERENCES applications (id),
    approved_cents   BIGINT NOT NULL,
    apr_bps          INT NOT NULL,
    term_months      INT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'open',
    expires_at       TIMESTAMPTZ NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
DROP TABLE offers;
DROP TABLE limit_increase_requests;
DROP TABLE credit_checks;
DROP TABLE applications;
DROP TABLE customers;
