-- +goose Up
CREATE TABLE processed_events (
    source        text        NOT NULL,
    event_id      text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE api_idempotency (
    scope          text        NOT NULL,
    idem_key       text        NOT NULL,
    status_code    integer     NOT NULL,
    response_body  bytea       NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

CREATE TABLE outbox (
    id            uuid PRIMARY KEY,
    topic         text        NOT NULL,
    message_key   text        NOT NULL,
    payload       jsonb       NOT NULL,
    dedup_key     text        NOT NULL UNIQUE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    published_at  timestamptz
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

-- Append-only audit of inbound webhook deliveries.
CREATE TABLE webhook_receipts (
    id           uuid PRIMARY KEY,
    source       text        NOT NULL,
    delivery_id  text        NOT NULL,
    event_type   text        NOT NULL,
    received_at  timestamptz NOT NULL
);

CREATE INDEX webhook_receipts_delivery_idx ON webhook_receipts (source, delivery_id);

-- +goose Down
DROP TABLE webhook_receipts;
DROP TABLE outbox;
DROP TABLE api_idempotency;
DROP TABLE processed_events;
