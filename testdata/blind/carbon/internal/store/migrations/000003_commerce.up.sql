CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    resource_id  UUID,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE purchase_orders (
    id                  UUID PRIMARY KEY,
    buyer_account_id    UUID NOT NULL REFERENCES accounts(id),
    batch_id            UUID NOT NULL REFERENCES credit_batches(id),
    quantity            BIGINT NOT NULL CHECK (quantity > 0),
    unit_price_cents    BIGINT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL,
    reservation_ref     TEXT NOT NULL,
    stripe_customer_id  TEXT,
    payment_intent_id   TEXT,
    paid_at             TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX purchase_orders_payment_intent_idx ON purchase_orders (payment_intent_id) WHERE payment_intent_id IS NOT NULL;

CREATE TABLE refunds (
    id                UUID PRIMARY KEY,
    order_id          UUID NOT NULL REFERENCES purchase_orders(id),
    request_key       TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    reason            TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    stripe_refund_id  TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT refunds_request_key UNIQUE (order_id, request_key)
);

CREATE TABLE developer_earnings (
    id            UUID PRIMARY KEY,
    developer_id  UUID NOT NULL REFERENCES developers(id),
    order_id      UUID NOT NULL REFERENCES purchase_orders(id),
    gross_cents   BIGINT NOT NULL,
    fee_cents     BIGINT NOT NULL,
    net_cents     BIGINT NOT NULL,
    currency      CHAR(3) NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE developer_balances (
    developer_id     UUID NOT NULL REFERENCES developers(id),
    currency         CHAR(3) NOT NULL,
    available_cents  BIGINT NOT NULL DEFAULT 0,
    paid_out_cents   BIGINT NOT NULL DEFAULT 0,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (developer_id, currency)
);

CREATE TABLE payouts (
    id                  UUID PRIMARY KEY,
    developer_id        UUID NOT NULL REFERENCES developers(id),
    request_key         TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL DEFAULT 'requested',
    stripe_transfer_id  TEXT,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payouts_request_key UNIQUE (developer_id, request_key)
);

CREATE TABLE processed_events (
    source        TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);
