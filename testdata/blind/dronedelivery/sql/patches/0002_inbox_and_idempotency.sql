-- Consumer inbox (processed Kafka messages) and HTTP idempotency keys.

CREATE TABLE processed_messages (
    consumer      text        NOT NULL,
    message_id    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE idempotency_keys (
    scope          text        NOT NULL,
    key            text        NOT NULL,
    response_code  integer     NOT NULL,
    response_body  jsonb       NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
