-- 001_init.sql: base schema for the APC billing platform.
-- gorm AutoMigrate is never run against production; these files are the
-- source of truth and are applied by the deploy pipeline in order.

BEGIN;

CREATE SEQUENCE invoice_number_seq START 100000;

CREATE TABLE invoices (
    id                 uuid PRIMARY KEY,
    number             text        NOT NULL,
    kind               text        NOT NULL CHECK (kind IN ('apc', 'supplementary')),
    manuscript_id      text,
    article_id         text,
    doi                text,
    article_title      text,
    article_type       text,
    journal_code       text        NOT NULL,
    payer_type         text        NOT NULL CHECK (payer_type IN ('author', 'institution')),
    payer_name         text        NOT NULL,
    payer_email        text        NOT NULL,
    institution_id     text,
    agreement_id       uuid,
    currency           char(3)     NOT NULL,
    list_price_cents   bigint      NOT NULL CHECK (list_price_cents >= 0),
    discount_cents     bigint      NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
    amount_due_cents   bigint      NOT NULL CHECK (amount_due_cents >= 0),
    status             text        NOT NULL CHECK (status IN ('open', 'paid', 'settled', 'waived', 'void')),
    issued_at          timestamptz NOT NULL,
    due_at             timestamptz NOT NULL,
    paid_at            timestamptz,
    emailed_at         timestamptz,
    last_reminded_at   timestamptz,
    reminder_count     integer     NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id                  uuid PRIMARY KEY,
    invoice_id          uuid        NOT NULL REFERENCES invoices (id),
    method              text        NOT NULL CHECK (method IN ('card', 'bank_transfer')),
    idempotency_key     text,
    provider_payment_id text,
    amount_cents        bigint      NOT NULL CHECK (amount_cents > 0),
    currency            char(3)     NOT NULL,
    status              text        NOT NULL,
    failure_reason      text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_attempt_log (
    id           uuid PRIMARY KEY,
    invoice_id   uuid        NOT NULL,
    payment_id   uuid,
    attempt_no   integer     NOT NULL,
    outcome      text        NOT NULL,
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_events (
    provider_event_id   text PRIMARY KEY,
    type                text        NOT NULL,
    provider_payment_id text        NOT NULL,
    payload             jsonb       NOT NULL,
    received_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                 uuid PRIMARY KEY,
    invoice_id         uuid        NOT NULL REFERENCES invoices (id),
    payment_id         uuid        NOT NULL REFERENCES payments (id),
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    reason             text        NOT NULL,
    provider_refund_id text,
    status             text        NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE waivers (
    id            uuid PRIMARY KEY,
    invoice_id    uuid        NOT NULL REFERENCES invoices (id),
    policy        text        NOT NULL,
    percent       integer     NOT NULL CHECK (percent BETWEEN 1 AND 100),
    amount_cents  bigint      NOT NULL CHECK (amount_cents >= 0),
    granted_by    text        NOT NULL,
    reason        text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_adjustments (
    id            uuid PRIMARY KEY,
    invoice_id    uuid        NOT NULL REFERENCES invoices (id),
    delta_cents   bigint      NOT NULL,
    reason        text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agreements (
    id              uuid PRIMARY KEY,
    external_ref    text        NOT NULL,
    institution_id  text        NOT NULL,
    name            text        NOT NULL,
    currency        char(3)     NOT NULL,
    balance_cents   bigint      NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    status          text        NOT NULL CHECK (status IN ('active', 'suspended', 'expired')),
    valid_from      date        NOT NULL,
    valid_to        date        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agreement_ledger (
    id            uuid PRIMARY KEY,
    agreement_id  uuid        NOT NULL REFERENCES agreements (id),
    invoice_id    uuid,
    kind          text        NOT NULL CHECK (kind IN ('topup', 'drawdown', 'release')),
    amount_cents  bigint      NOT NULL,
    source_ref    text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    key             text PRIMARY KEY,
    scope           text        NOT NULL,
    request_hash    text        NOT NULL,
    response_status integer     NOT NULL,
    response_body   jsonb       NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_events (
    consumer      text        NOT NULL,
    event_id      text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE outbox (
    id            uuid PRIMARY KEY,
    topic         text        NOT NULL,
    partition_key text        NOT NULL,
    event_type    text        NOT NULL,
    payload       jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    published_at  timestamptz
);

CREATE TABLE receipts (
    invoice_id           uuid PRIMARY KEY REFERENCES invoices (id),
    email                text        NOT NULL,
    status               text        NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
    provider_message_id  text,
    sent_at              timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE doi_batches (
    id           text PRIMARY KEY,
    status       text        NOT NULL CHECK (status IN ('open', 'accepted', 'rejected')),
    item_count   integer     NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE doi_registrations (
    id           uuid PRIMARY KEY,
    article_id   text        NOT NULL,
    invoice_id   uuid        NOT NULL REFERENCES invoices (id),
    doi          text        NOT NULL,
    title        text        NOT NULL,
    landing_url  text        NOT NULL,
    status       text        NOT NULL CHECK (status IN ('pending', 'batched', 'registered', 'failed')),
    batch_id     text REFERENCES doi_batches (id),
    attempts     integer     NOT NULL DEFAULT 0,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_events (
    id          uuid PRIMARY KEY,
    actor       text        NOT NULL,
    action      text        NOT NULL,
    subject     text        NOT NULL,
    detail      jsonb       NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now()
);

COMMIT;
