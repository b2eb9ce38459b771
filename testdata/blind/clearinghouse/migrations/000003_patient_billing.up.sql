-- Patient statements, card co-pays, practice ledger and payouts.

CREATE TABLE statements (
    id                  TEXT PRIMARY KEY,
    claim_id            TEXT        NOT NULL REFERENCES claims(id),
    patient_account_id  TEXT        NOT NULL REFERENCES patient_accounts(id),
    remittance_id       TEXT        REFERENCES remittances(id),
    cycle               INT         NOT NULL,
    amount_due_cents    BIGINT      NOT NULL,
    status              TEXT        NOT NULL,
    due_date            DATE        NOT NULL,
    issued_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, cycle)
);

CREATE TABLE statement_mailings (
    id                 TEXT PRIMARY KEY,
    statement_id       TEXT        NOT NULL REFERENCES statements(id),
    vendor_letter_id   TEXT        NOT NULL,
    mail_class         TEXT        NOT NULL,
    expected_delivery  DATE,
    mailed_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE statement_notifications (
    id                 TEXT PRIMARY KEY,
    statement_id       TEXT        NOT NULL REFERENCES statements(id),
    channel            TEXT        NOT NULL,
    vendor_message_id  TEXT,
    sent_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE copay_payments (
    id                        TEXT PRIMARY KEY,
    statement_id              TEXT        NOT NULL REFERENCES statements(id),
    patient_account_id        TEXT        NOT NULL REFERENCES patient_accounts(id),
    practice_id               TEXT        NOT NULL REFERENCES practices(id),
    client_reference          TEXT        NOT NULL,
    amount_cents              BIGINT      NOT NULL,
    stripe_payment_intent_id  TEXT UNIQUE,
    status                    TEXT        NOT NULL,
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (statement_id, client_reference)
);

CREATE TABLE copay_refunds (
    id                 TEXT PRIMARY KEY,
    payment_id         TEXT        NOT NULL REFERENCES copay_payments(id),
    refund_request_id  TEXT        NOT NULL,
    amount_cents       BIGINT      NOT NULL,
    reason             TEXT        NOT NULL,
    stripe_refund_id   TEXT,
    status             TEXT        NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (payment_id, refund_request_id)
);

-- Practice balance ledger. Entries that originate from an external event
-- carry an idempotency_key (e.g. "copay:<payment_intent>").
CREATE TABLE ledger_entries (
    id               TEXT PRIMARY KEY,
    practice_id      TEXT        NOT NULL REFERENCES practices(id),
    entry_type       TEXT        NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    claim_id         TEXT        REFERENCES claims(id),
    payout_id        TEXT,
    idempotency_key  TEXT UNIQUE,
    memo             TEXT        NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_practice_unpaid_idx ON ledger_entries (practice_id) WHERE payout_id IS NULL;

CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    practice_id         TEXT        NOT NULL REFERENCES practices(id),
    period_end          DATE        NOT NULL,
    amount_cents        BIGINT      NOT NULL,
    stripe_transfer_id  TEXT,
    status              TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at             TIMESTAMPTZ,
    UNIQUE (practice_id, period_end)
);

CREATE TABLE account_adjustments (
    id                  TEXT PRIMARY KEY,
    practice_id         TEXT        NOT NULL REFERENCES practices(id),
    patient_account_id  TEXT        NOT NULL REFERENCES patient_accounts(id),
    claim_id            TEXT        REFERENCES claims(id),
    amount_cents        BIGINT      NOT NULL,
    reason_code         TEXT        NOT NULL,
    note                TEXT        NOT NULL DEFAULT '',
    created_by          TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_plans (
    id                  TEXT PRIMARY KEY,
    patient_account_id  TEXT        NOT NULL REFERENCES patient_accounts(id),
    total_cents         BIGINT      NOT NULL,
    installment_count   INT         NOT NULL,
    first_due_date      DATE        NOT NULL,
    status              TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_plan_installments (
    plan_id       TEXT   NOT NULL REFERENCES payment_plans(id),
    seq           INT    NOT NULL,
    due_date      DATE   NOT NULL,
    amount_cents  BIGINT NOT NULL,
    status        TEXT   NOT NULL,
    PRIMARY KEY (plan_id, seq)
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
