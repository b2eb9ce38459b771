-- +goose Up
CREATE TABLE refund_deposits (
    id                      uuid PRIMARY KEY,
    application_id          uuid        NOT NULL REFERENCES advance_applications (id),
    bank_event_id           text        NOT NULL,
    rt_account_ref          text        NOT NULL,
    trace_number            text        NOT NULL,
    company_name            text        NOT NULL DEFAULT '',
    amount_cents            bigint      NOT NULL CHECK (amount_cents > 0),
    repaid_cents            bigint      NOT NULL DEFAULT 0,
    remainder_cents         bigint      NOT NULL DEFAULT 0,
    remainder_transfer_id   text,
    received_at             timestamptz NOT NULL,
    settled_at              timestamptz,
    reversed_at             timestamptz
);
CREATE INDEX refund_deposits_application ON refund_deposits (application_id);
CREATE INDEX refund_deposits_bank_event ON refund_deposits (bank_event_id);
CREATE INDEX refund_deposits_trace ON refund_deposits (rt_account_ref, trace_number);

CREATE TABLE deposit_reversals (
    id                      uuid PRIMARY KEY,
    bank_event_id           text        NOT NULL,
    original_trace_number   text        NOT NULL,
    amount_cents            bigint      NOT NULL,
    received_at             timestamptz NOT NULL,
    CONSTRAINT deposit_reversals_bank_event_key UNIQUE (bank_event_id)
);

CREATE TABLE repayments (
    id              uuid PRIMARY KEY,
    application_id  uuid        NOT NULL REFERENCES advance_applications (id),
    deposit_id      uuid        NOT NULL REFERENCES refund_deposits (id),
    amount_cents    bigint      NOT NULL CHECK (amount_cents > 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT repayments_deposit_key UNIQUE (deposit_id)
);

CREATE TABLE ledger_entries (
    id              uuid PRIMARY KEY,
    application_id  uuid        NOT NULL REFERENCES advance_applications (id),
    deposit_id      uuid        REFERENCES refund_deposits (id),
    account         text        NOT NULL,
    direction       text        NOT NULL CHECK (direction IN ('debit', 'credit')),
    amount_cents    bigint      NOT NULL CHECK (amount_cents > 0),
    memo            text        NOT NULL DEFAULT '',
    posted_at       timestamptz NOT NULL
);
CREATE INDEX ledger_entries_application ON ledger_entries (application_id, posted_at);
CREATE INDEX ledger_entries_account ON ledger_entries (account, posted_at);

CREATE TABLE consumer_inbox (
    consumer        text        NOT NULL,
    message_id      text        NOT NULL,
    processed_at    timestamptz NOT NULL,
    PRIMARY KEY (consumer, message_id)
);

-- +goose Down
DROP TABLE consumer_inbox;
DROP TABLE ledger_entries;
DROP TABLE repayments;
DROP TABLE deposit_reversals;
DROP TABLE refund_deposits;
