-- +goose Up
CREATE TABLE line_accounts (
    line_code              text PRIMARY KEY,
    name                   text NOT NULL,
    billing_email          text NOT NULL,
    stripe_customer_id     text NOT NULL DEFAULT '',
    default_payment_method text NOT NULL DEFAULT '',
    autocharge             boolean NOT NULL DEFAULT false,
    balance_cents          bigint NOT NULL DEFAULT 0,
    currency               text NOT NULL DEFAULT 'eur'
);

CREATE TABLE invoices (
    id                 uuid PRIMARY KEY,
    number             text NOT NULL UNIQUE,
    line_code          text NOT NULL REFERENCES line_accounts (line_code),
    period             text NOT NULL,
    total_cents        bigint NOT NULL,
    currency           text NOT NULL,
    status             text NOT NULL,
    autocharge_status  text NOT NULL DEFAULT 'none',
    payment_intent_id  text,
    sent_at            timestamptz,
    paid_at            timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_line_period_uq UNIQUE (line_code, period)
);

CREATE TABLE demurrage_accruals (
    id           bigserial PRIMARY KEY,
    container_no text NOT NULL,
    line_code    text NOT NULL,
    accrual_date date NOT NULL,
    amount_cents bigint NOT NULL,
    invoice_id   uuid,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT demurrage_accruals_day_uq UNIQUE (container_no, accrual_date)
);

CREATE TABLE invoice_lines (
    id           bigserial PRIMARY KEY,
    invoice_id   uuid NOT NULL REFERENCES invoices (id),
    accrual_id   bigint NOT NULL REFERENCES demurrage_accruals (id),
    container_no text NOT NULL,
    accrual_date date NOT NULL,
    amount_cents bigint NOT NULL
);

CREATE TABLE payments (
    id                uuid PRIMARY KEY,
    invoice_id        uuid NOT NULL REFERENCES invoices (id),
    payment_intent_id text NOT NULL UNIQUE,
    attempt_ref       text NOT NULL,
    amount_cents      bigint NOT NULL,
    currency          text NOT NULL,
    status            text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_notes (
    id           uuid PRIMARY KEY,
    invoice_id   uuid NOT NULL REFERENCES invoices (id),
    request_ref  text NOT NULL,
    amount_cents bigint NOT NULL,
    reason       text NOT NULL,
    refund_id    text,
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT credit_notes_request_uq UNIQUE (invoice_id, request_ref)
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    type         text NOT NULL,
    processed_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE credit_notes;
DROP TABLE payments;
DROP TABLE invoice_lines;
DROP TABLE demurrage_accruals;
DROP TABLE invoices;
DROP TABLE line_accounts;
