-- +goose Up
CREATE TABLE invoices (
    id                  UUID PRIMARY KEY,
    order_id            UUID        NOT NULL REFERENCES orders (id),
    account_id          TEXT        NOT NULL REFERENCES accounts (id),
    number              TEXT        NOT NULL,
    edi_control_number  BIGINT,
    subtotal_cents      BIGINT      NOT NULL,
    deposit_cents       BIGINT      NOT NULL,
    total_cents         BIGINT      NOT NULL,
    amount_pending_cents BIGINT     NOT NULL DEFAULT 0,
    amount_paid_cents   BIGINT      NOT NULL DEFAULT 0,
    status              TEXT        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
    due_date            DATE        NOT NULL,
    send_count          INTEGER     NOT NULL DEFAULT 0,
    last_sent_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoices_order_uniq UNIQUE (order_id),
    CONSTRAINT invoices_number_uniq UNIQUE (number)
);

CREATE TABLE invoice_lines (
    invoice_id        UUID    NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    line_no           INTEGER NOT NULL,
    sku               TEXT    NOT NULL,
    description       TEXT    NOT NULL,
    qty               INTEGER NOT NULL,
    unit_price_cents  BIGINT  NOT NULL,
    deposit_cents     BIGINT  NOT NULL,
    PRIMARY KEY (invoice_id, line_no)
);

CREATE TABLE payments (
    id                   UUID PRIMARY KEY,
    invoice_id           UUID        NOT NULL REFERENCES invoices (id),
    account_id           TEXT        NOT NULL,
    amount_cents         BIGINT      NOT NULL CHECK (amount_cents > 0),
    source               TEXT        NOT NULL CHECK (source IN ('portal', 'autopay')),
    idempotency_key      TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'submitted', 'settled', 'returned', 'failed')),
    provider_payment_id  TEXT,
    return_code          TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at         TIMESTAMPTZ,
    settled_at           TIMESTAMPTZ,
    CONSTRAINT payments_invoice_key_uniq UNIQUE (invoice_id, idempotency_key)
);

CREATE UNIQUE INDEX payments_provider_id_uniq ON payments (provider_payment_id) WHERE provider_payment_id IS NOT NULL;

CREATE TABLE provider_call_log (
    id           UUID PRIMARY KEY,
    provider     TEXT        NOT NULL,
    operation    TEXT        NOT NULL,
    ref_id       TEXT        NOT NULL,
    outcome      TEXT        NOT NULL,
    detail       TEXT        NOT NULL DEFAULT '',
    called_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX provider_call_log_ref_idx ON provider_call_log (ref_id, called_at);

CREATE TABLE ach_webhook_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE ach_webhook_events;
DROP TABLE provider_call_log;
DROP TABLE payments;
DROP TABLE invoice_lines;
DROP TABLE invoices;
