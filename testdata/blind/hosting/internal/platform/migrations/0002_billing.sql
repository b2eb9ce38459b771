-- Subscriptions, invoices, payments, credits and coupons.

CREATE TABLE subscriptions (
    server_id      UUID PRIMARY KEY REFERENCES servers (id),
    customer_id    UUID        NOT NULL REFERENCES customers (id),
    plan_id        TEXT        NOT NULL REFERENCES plans (id),
    monthly_cents  BIGINT      NOT NULL,
    started_at     TIMESTAMPTZ NOT NULL,
    ended_at       TIMESTAMPTZ
);

CREATE TABLE invoices (
    id                    UUID PRIMARY KEY,
    customer_id           UUID        NOT NULL REFERENCES customers (id),
    period                TEXT        NOT NULL,
    status                TEXT        NOT NULL,
    currency              TEXT        NOT NULL,
    subtotal_cents        BIGINT      NOT NULL DEFAULT 0,
    credit_applied_cents  BIGINT      NOT NULL DEFAULT 0,
    total_cents           BIGINT      NOT NULL DEFAULT 0,
    amount_paid_cents     BIGINT      NOT NULL DEFAULT 0,
    due_at                TIMESTAMPTZ,
    finalized_at          TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoices_customer_period_key UNIQUE (customer_id, period)
);

CREATE TABLE invoice_lines (
    id            UUID PRIMARY KEY,
    invoice_id    UUID        NOT NULL REFERENCES invoices (id),
    description   TEXT        NOT NULL,
    quantity      NUMERIC(18, 4) NOT NULL DEFAULT 1,
    unit_cents    BIGINT      NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    source_ref    TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX invoice_lines_source_ref_key
    ON invoice_lines (invoice_id, source_ref) WHERE source_ref IS NOT NULL;

CREATE TABLE payments (
    id               UUID PRIMARY KEY,
    invoice_id       UUID        NOT NULL REFERENCES invoices (id),
    customer_id      UUID        NOT NULL REFERENCES customers (id),
    attempt          INT         NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    currency         TEXT        NOT NULL,
    idempotency_key  TEXT        NOT NULL,
    provider_ref     TEXT,
    status           TEXT        NOT NULL,
    failure_code     TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payments_invoice_attempt_key UNIQUE (invoice_id, attempt),
    CONSTRAINT payments_idempotency_key_key UNIQUE (idempotency_key),
    CONSTRAINT payments_provider_ref_key UNIQUE (provider_ref)
);

CREATE TABLE refunds (
    id            UUID PRIMARY KEY,
    payment_id    UUID        NOT NULL REFERENCES payments (id),
    amount_cents  BIGINT      NOT NULL,
    reason        TEXT,
    provider_ref  TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT refunds_provider_ref_key UNIQUE (provider_ref)
);

CREATE TABLE credits (
    id               TEXT PRIMARY KEY,
    customer_id      UUID        NOT NULL REFERENCES customers (id),
    amount_cents     BIGINT      NOT NULL,
    reason           TEXT        NOT NULL,
    source           TEXT        NOT NULL,
    created_by       TEXT,
    expires_at       TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
    code             TEXT PRIMARY KEY,
    credit_cents     BIGINT      NOT NULL,
    max_redemptions  INT,
    redeemed_count   INT         NOT NULL DEFAULT 0,
    expires_at       TIMESTAMPTZ,
    active           BOOLEAN     NOT NULL DEFAULT true
);

CREATE TABLE coupon_redemptions (
    coupon_code  TEXT        NOT NULL REFERENCES coupons (code),
    customer_id  UUID        NOT NULL REFERENCES customers (id),
    credit_id    TEXT        NOT NULL REFERENCES credits (id),
    redeemed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (coupon_code, customer_id)
);

CREATE TABLE webhook_events (
    provider      TEXT        NOT NULL,
    event_id      TEXT        NOT NULL,
    event_type    TEXT        NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    processed_at  TIMESTAMPTZ,
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE notifications (
    message_id    TEXT PRIMARY KEY,
    customer_id   UUID        NOT NULL,
    template      TEXT        NOT NULL,
    recipient     TEXT        NOT NULL,
    provider_ref  TEXT,
    sent_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
