-- Client idempotency keys, payment intents and processor notifications.

CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    resource_id  TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE payment_intents (
    operation_id     TEXT PRIMARY KEY,
    purpose          TEXT NOT NULL,
    resource_id      TEXT NOT NULL,
    amount_minor     BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    status           TEXT NOT NULL,
    psp_reference    TEXT,
    shopper_ref      TEXT,
    recurring_token  TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payment_intents_resource_uq UNIQUE (purpose, resource_id),
    CONSTRAINT payment_intents_psp_uq UNIQUE (psp_reference)
);

CREATE TABLE psp_notifications (
    psp_reference       TEXT NOT NULL,
    event_code          TEXT NOT NULL,
    original_reference  TEXT,
    merchant_reference  TEXT NOT NULL,
    success             BOOLEAN NOT NULL,
    amount_minor        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    reason              TEXT,
    event_date          TIMESTAMPTZ NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (psp_reference, event_code)
);

CREATE TABLE chargebacks (
    psp_reference       TEXT PRIMARY KEY,
    original_reference  TEXT NOT NULL,
    purpose             TEXT NOT NULL,
    resource_id         TEXT NOT NULL,
    amount_minor        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    reason              TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refund_requests (
    id              UUID PRIMARY KEY,
    order_kind      TEXT NOT NULL,
    order_id        TEXT NOT NULL,
    amount_minor    BIGINT NOT NULL,
    currency        CHAR(3) NOT NULL,
    reason          TEXT NOT NULL,
    status          TEXT NOT NULL,
    psp_reference   TEXT,
    requested_by    TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT refund_requests_order_uq UNIQUE (order_kind, order_id)
);

CREATE UNIQUE INDEX refund_requests_psp_idx ON refund_requests (psp_reference) WHERE psp_reference IS NOT NULL;

-- Transactional outbox relayed to Kafka by the events worker.
CREATE TABLE outbox_messages (
    id            UUID PRIMARY KEY,
    topic         TEXT NOT NULL,
    partition_key TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);

CREATE INDEX outbox_messages_pending_idx ON outbox_messages (created_at) WHERE published_at IS NULL;
