-- +goose Up
CREATE TABLE webhook_endpoints (
    id           text PRIMARY KEY,
    merchant_id  text NOT NULL REFERENCES merchants (id),
    url          text NOT NULL,
    secret       text NOT NULL,
    event_types  text[] NOT NULL DEFAULT '{}',
    disabled     boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, url)
);

CREATE TABLE webhook_outbox (
    id            text PRIMARY KEY,
    merchant_id   text NOT NULL REFERENCES merchants (id),
    event_type    text NOT NULL,
    payload       jsonb NOT NULL,
    status        text NOT NULL DEFAULT 'pending',
    attempts      integer NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    delivered_at  timestamptz
);

CREATE INDEX webhook_outbox_pending_idx ON webhook_outbox (status, created_at);

-- Append-only delivery log.
CREATE TABLE webhook_attempts (
    id            text PRIMARY KEY,
    outbox_id     text NOT NULL,
    endpoint_id   text NOT NULL,
    status_code   integer NOT NULL DEFAULT 0,
    error         text NOT NULL DEFAULT '',
    duration_ms   integer NOT NULL DEFAULT 0,
    attempted_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX webhook_attempts_outbox_idx ON webhook_attempts (outbox_id);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_outbox;
DROP TABLE webhook_endpoints;
