-- Core buy-back schema: customers, quotes, trade-ins and shipments.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE customers (
    id          UUID PRIMARY KEY,
    email       TEXT NOT NULL,
    full_name   TEXT NOT NULL,
    phone       TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));

CREATE TABLE customer_payout_methods (
    id                     UUID PRIMARY KEY,
    customer_id            UUID NOT NULL REFERENCES customers (id),
    provider_recipient_id  TEXT NOT NULL,
    account_holder         TEXT NOT NULL,
    bank_last4             TEXT NOT NULL,
    account_fingerprint    TEXT NOT NULL,
    status                 TEXT NOT NULL DEFAULT 'pending_verification',
    is_default             BOOLEAN NOT NULL DEFAULT false,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT customer_payout_methods_fingerprint_key UNIQUE (customer_id, account_fingerprint)
);

-- Caller-supplied Idempotency-Key values for customer-facing POSTs.
CREATE TABLE idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    resource_id   TEXT,
    status_code   INTEGER,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE quotes (
    id                 UUID PRIMARY KEY,
    customer_id        UUID NOT NULL REFERENCES customers (id),
    device_category    TEXT NOT NULL,
    manufacturer       TEXT NOT NULL,
    model              TEXT NOT NULL,
    storage_gb         INTEGER NOT NULL DEFAULT 0,
    claimed_condition  TEXT NOT NULL,
    offer_cents        BIGINT NOT NULL,
    currency           TEXT NOT NULL DEFAULT 'USD',
    status             TEXT NOT NULL DEFAULT 'offered',
    expires_at         TIMESTAMPTZ NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX quotes_customer_idx ON quotes (customer_id, created_at DESC);
CREATE INDEX quotes_expiry_idx ON quotes (expires_at) WHERE status = 'offered';

CREATE TABLE trade_ins (
    id                  UUID PRIMARY KEY,
    quote_id            UUID NOT NULL REFERENCES quotes (id),
    customer_id         UUID NOT NULL REFERENCES customers (id),
    status              TEXT NOT NULL DEFAULT 'awaiting_label',
    quoted_cents        BIGINT NOT NULL,
    final_offer_cents   BIGINT,
    currency            TEXT NOT NULL DEFAULT 'USD',
    payout_preference   TEXT NOT NULL DEFAULT 'bank_transfer',
    return_address      JSONB NOT NULL,
    offer_decision      TEXT,
    decided_at          TIMESTAMPTZ,
    workflow_id         TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT trade_ins_quote_key UNIQUE (quote_id)
);

CREATE TABLE shipments (
    id                 UUID PRIMARY KEY,
    trade_in_id        UUID REFERENCES trade_ins (id),
    sales_order_id     UUID,
    direction          TEXT NOT NULL,
    carrier            TEXT NOT NULL,
    carrier_label_id   TEXT NOT NULL,
    tracking_number    TEXT NOT NULL,
    label_url          TEXT NOT NULL,
    postage_cents      BIGINT NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'label_created',
    delivered_at       TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT shipments_label_key UNIQUE (carrier, carrier_label_id),
    CONSTRAINT shipments_tracking_key UNIQUE (carrier, tracking_number)
);
CREATE UNIQUE INDEX shipments_trade_in_direction_key
    ON shipments (trade_in_id, direction) WHERE trade_in_id IS NOT NULL AND direction IN ('inbound', 'return');
CREATE UNIQUE INDEX shipments_sales_order_key
    ON shipments (sales_order_id) WHERE sales_order_id IS NOT NULL;
CREATE INDEX shipments_trade_in_idx ON shipments (trade_in_id);

-- Provider webhook deliveries, one row per provider event id.
CREATE TABLE webhook_events (
    id           UUID PRIMARY KEY,
    provider     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    payload      JSONB NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    processed_at TIMESTAMPTZ,
    CONSTRAINT webhook_events_provider_event_key UNIQUE (provider, event_id)
);

-- Transactional outbox relayed to SNS by the worker.
CREATE TABLE outbox_messages (
    id            UUID PRIMARY KEY,
    topic         TEXT NOT NULL,
    message_type  TEXT NOT NULL,
    group_id      TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT
);
CREATE INDEX outbox_messages_pending_idx ON outbox_messages (created_at) WHERE published_at IS NULL;

-- Queue consumers record handled SQS message ids here.
CREATE TABLE processed_messages (
    consumer      TEXT NOT NULL,
    message_id    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);
