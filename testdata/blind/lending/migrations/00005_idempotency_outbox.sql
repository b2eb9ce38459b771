-- +goose Up
-- +goose StatementBegin
-- Caller-supplied Idempotency-Key values for the public API.
CREATE TABLE idempotency_keys (
    scope          TEXT NOT NULL,
    key            TEXT NOT NULL,
    resource_id    TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Partner webhook deliveries we have already handled.
CREATE TABLE webhook_inbox (
    source       TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

-- Kafka messages already consumed, per consumer.
CREATE TABLE processed_messages (
    consumer      TEXT NOT NULL,
    message_key   TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_key)
);

CREATE TABLE outbox (
    id            TEXT PRIMARY KEY,
    topic         TEXT NOT NULL,
    partition_key TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;
-- +goose StatementEnd

-- +goose Down
DROP TABLE outbox;
DROP TABLE processed_messages;
DROP TABLE webhook_inbox;
DROP TABLE idempotency_keys;
