-- +goose Up
CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    request_hash  text        NOT NULL,
    status_code   integer,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_events (
    consumer     text        NOT NULL,
    event_id     text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    type         text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE processed_events;
DROP TABLE idempotency_keys;
