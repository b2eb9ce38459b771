-- +migrate Up
CREATE TABLE payments (
    id                uuid PRIMARY KEY,
    account_id        uuid NOT NULL REFERENCES accounts (id),
    order_id          uuid REFERENCES orders (id),
    purpose           text NOT NULL CHECK (purpose IN ('order', 'topup', 'renewal')),
    operation_key     text NOT NULL UNIQUE,
    gateway_charge_id text UNIQUE,
    amount_cents      bigint NOT NULL,
    currency          char(3) NOT NULL,
    status            text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'succeeded', 'failed', 'refunded')),
    failure_code      text,
    settled_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payments_order_idx ON payments (order_id);

CREATE TABLE refunds (
    id                uuid PRIMARY KEY,
    payment_id        uuid NOT NULL REFERENCES payments (id),
    gateway_refund_id text NOT NULL UNIQUE,
    amount_cents      bigint NOT NULL,
    reason            text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_ledger (
    id           uuid PRIMARY KEY,
    account_id   uuid NOT NULL REFERENCES accounts (id),
    amount_cents bigint NOT NULL,
    reason       text NOT NULL,
    reference    text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX credit_ledger_account_idx ON credit_ledger (account_id, created_at);

CREATE TABLE invoices (
    id           text PRIMARY KEY,
    account_id   uuid NOT NULL REFERENCES accounts (id),
    domain_id    uuid REFERENCES domains (id),
    payment_id   uuid REFERENCES payments (id),
    description  text NOT NULL,
    amount_cents bigint NOT NULL,
    currency     char(3) NOT NULL,
    issued_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX invoices_account_idx ON invoices (account_id, issued_at DESC);

CREATE TABLE disputes (
    id                 uuid PRIMARY KEY,
    gateway_dispute_id text NOT NULL UNIQUE,
    payment_id         uuid REFERENCES payments (id),
    reason             text NOT NULL,
    status             text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_webhooks (
    source       text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

-- +migrate Down
DROP TABLE processed_webhooks;
DROP TABLE disputes;
DROP TABLE invoices;
DROP TABLE credit_ledger;
DROP TABLE refunds;
DROP TABLE payments;
