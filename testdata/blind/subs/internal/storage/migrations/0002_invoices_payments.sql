-- 0002: invoices, items, payment attempts, refunds, ledger and outbox

CREATE SEQUENCE invoice_number_seq START 1000;

CREATE TABLE invoices (
    id                  TEXT PRIMARY KEY,
    number              TEXT UNIQUE,
    customer_id         TEXT        NOT NULL REFERENCES customers (id),
    subscription_id     TEXT        NOT NULL REFERENCES subscriptions (id),
    status              TEXT        NOT NULL DEFAULT 'draft',
    currency            TEXT        NOT NULL DEFAULT 'usd',
    subtotal_cents      BIGINT      NOT NULL DEFAULT 0,
    tax_cents           BIGINT      NOT NULL DEFAULT 0,
    credits_applied     BIGINT      NOT NULL DEFAULT 0,
    credits_released    BOOLEAN     NOT NULL DEFAULT FALSE,
    total_cents         BIGINT      NOT NULL DEFAULT 0,
    amount_paid_cents   BIGINT      NOT NULL DEFAULT 0,
    amount_refunded     BIGINT      NOT NULL DEFAULT 0,
    period_start        TIMESTAMPTZ NOT NULL,
    period_end          TIMESTAMPTZ NOT NULL,
    finalized_at        TIMESTAMPTZ,
    paid_at             TIMESTAMPTZ,
    voided_at           TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX invoices_subscription_id_idx ON invoices (subscription_id);

CREATE TABLE invoice_items (
    id             TEXT PRIMARY KEY,
    invoice_id     TEXT REFERENCES invoices (id),
    subscription_id TEXT       NOT NULL REFERENCES subscriptions (id),
    kind           TEXT        NOT NULL,   -- plan | usage | proration | credit
    description    TEXT        NOT NULL,
    quantity       BIGINT      NOT NULL DEFAULT 1,
    amount_cents   BIGINT      NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX invoice_items_pending_idx ON invoice_items (subscription_id) WHERE invoice_id IS NULL;

CREATE TABLE payment_attempts (
    id                   TEXT PRIMARY KEY,
    invoice_id           TEXT        NOT NULL REFERENCES invoices (id),
    kind                 TEXT        NOT NULL,  -- auto | manual | dunning
    client_ref           TEXT        NOT NULL DEFAULT '',
    amount_cents         BIGINT      NOT NULL,
    currency             TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'pending',
    stripe_payment_intent TEXT,
    failure_code         TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (invoice_id, kind, client_ref)
);

CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    invoice_id       TEXT        NOT NULL REFERENCES invoices (id),
    stripe_refund_id TEXT        NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    reason           TEXT        NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    customer_id   TEXT        NOT NULL REFERENCES customers (id),
    invoice_id    TEXT REFERENCES invoices (id),
    account       TEXT        NOT NULL,   -- receivable | revenue | credit
    amount_cents  BIGINT      NOT NULL,
    memo          TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Transactional outbox relayed to NATS JetStream (Nats-Msg-Id = id).
CREATE TABLE outbox (
    id            TEXT PRIMARY KEY,
    subject       TEXT        NOT NULL,
    payload       JSONB       NOT NULL,
    published_at  TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;
