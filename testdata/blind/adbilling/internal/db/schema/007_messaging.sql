-- Transactional outbox: rows written in the same transaction as the state
-- change, relayed to the watermill router by the billing worker.
CREATE TABLE outbox (
    id            TEXT PRIMARY KEY,
    topic         TEXT        NOT NULL,
    payload       JSONB       NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

-- Messages a consumer has finished handling.
CREATE TABLE processed_messages (
    consumer      TEXT        NOT NULL,
    message_id    TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

-- Notifications claimed before they are sent.
CREATE TABLE notifications (
    kind                 TEXT        NOT NULL,
    ref                  TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'claimed'
                         CHECK (status IN ('claimed', 'sent', 'failed')),
    provider_message_id  TEXT,
    detail               TEXT,
    claimed_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, ref)
);

-- Outbound partner-network webhooks.
CREATE TABLE webhook_deliveries (
    id              TEXT PRIMARY KEY,
    partner_id      TEXT        NOT NULL REFERENCES partner_networks (id),
    event_type      TEXT        NOT NULL,
    payload         JSONB       NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INT         NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    delivered_at    TIMESTAMPTZ
);
