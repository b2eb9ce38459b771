-- Direct Debit collection through the payments provider.

CREATE TABLE mandates (
    id                    UUID PRIMARY KEY,
    account_id            UUID        NOT NULL REFERENCES accounts (id),
    provider_mandate_id   TEXT        NOT NULL UNIQUE,
    provider_customer_id  TEXT        NOT NULL,
    scheme                TEXT        NOT NULL DEFAULT 'bacs',
    status                TEXT        NOT NULL,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX mandates_account_idx ON mandates (account_id);

CREATE TABLE payments (
    id                   UUID PRIMARY KEY,
    invoice_id           UUID        NOT NULL REFERENCES invoices (id),
    mandate_id           UUID        NOT NULL REFERENCES mandates (id),
    attempt_no           INT         NOT NULL DEFAULT 1,
    amount_pence         BIGINT      NOT NULL CHECK (amount_pence > 0),
    currency             CHAR(3)     NOT NULL DEFAULT 'GBP',
    provider_payment_id  TEXT UNIQUE,
    charge_date          DATE,
    status               TEXT        NOT NULL,
    failure_reason       TEXT        NOT NULL DEFAULT '',
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payments_invoice_attempt_key UNIQUE (invoice_id, attempt_no)
);

CREATE TABLE refund_requests (
    id                  UUID PRIMARY KEY,
    payment_id          UUID        NOT NULL REFERENCES payments (id),
    amount_pence        BIGINT      NOT NULL CHECK (amount_pence > 0),
    reason              TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'requested',
    provider_refund_id  TEXT UNIQUE,
    requested_by        TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at        TIMESTAMPTZ
);

CREATE TABLE payment_events (
    provider_event_id  TEXT PRIMARY KEY,
    resource_type      TEXT        NOT NULL,
    action             TEXT        NOT NULL,
    resource_id        TEXT        NOT NULL,
    applied_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_event_log (
    id                 UUID PRIMARY KEY,
    provider_event_id  TEXT        NOT NULL,
    sqs_message_id     TEXT        NOT NULL,
    payload            JSONB       NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payment_event_log_event_idx ON payment_event_log (provider_event_id);

CREATE TABLE payouts (
    provider_payout_id   TEXT PRIMARY KEY,
    amount_pence         BIGINT      NOT NULL,
    deducted_fees_pence  BIGINT      NOT NULL DEFAULT 0,
    currency             CHAR(3)     NOT NULL,
    arrival_date         DATE        NOT NULL,
    reference            TEXT        NOT NULL DEFAULT '',
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payout_items (
    provider_payout_id   TEXT   NOT NULL REFERENCES payouts (provider_payout_id),
    provider_payment_id  TEXT   NOT NULL,
    amount_pence         BIGINT NOT NULL,
    PRIMARY KEY (provider_payout_id, provider_payment_id)
);
