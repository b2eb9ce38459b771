-- +goose Up
-- +goose StatementBegin
CREATE TABLE payments (
    id                TEXT PRIMARY KEY,
    loan_id           TEXT NOT NULL REFERENCES loans (id),
    kind              TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'gbp',
    payment_method_id TEXT,
    status            TEXT NOT NULL DEFAULT 'pending',
    processor_ref     TEXT,
    failure_code      TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payments_loan_idx ON payments (loan_id, created_at DESC);
CREATE UNIQUE INDEX payments_processor_ref_idx ON payments (processor_ref) WHERE processor_ref IS NOT NULL;

-- Append-only log of every processor call made for a payment.
CREATE TABLE payment_attempts (
    id           TEXT PRIMARY KEY,
    payment_id   TEXT NOT NULL REFERENCES payments (id),
    outcome      TEXT NOT NULL,
    detail       TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_allocations (
    payment_id     TEXT NOT NULL REFERENCES payments (id),
    instalment_id  TEXT NOT NULL REFERENCES instalments (id),
    amount_cents   BIGINT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (payment_id, instalment_id)
);

CREATE TABLE fees (
    id              TEXT PRIMARY KEY,
    loan_id         TEXT NOT NULL REFERENCES loans (id),
    instalment_id   TEXT NOT NULL REFERENCES instalments (id),
    kind            TEXT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'assessed',
    payment_id      TEXT REFERENCES payments (id),
    waived_by       TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (instalment_id, kind)
);

CREATE TABLE overpayment_refunds (
    id                 TEXT PRIMARY KEY,
    loan_id            TEXT NOT NULL REFERENCES loans (id),
    payment_id         TEXT NOT NULL REFERENCES payments (id),
    amount_cents       BIGINT NOT NULL,
    processor_ref      TEXT NOT NULL,
    requested_by       TEXT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    loan_id       TEXT NOT NULL REFERENCES loans (id),
    entry_type    TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    ref           TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (loan_id, entry_type, ref)
);
-- +goose StatementEnd

-- +goose Down
DROP TABLE ledger_entries;
DROP TABLE overpayment_refunds;
DROP TABLE fees;
DROP TABLE payment_allocations;
DROP TABLE payment_attempts;
DROP TABLE payments;
