-- Cross-cutting tables: HTTP idempotency replay cache and consumer bookkeeping.

CREATE TABLE idempotency_keys (
    key           TEXT NOT NULL,
    route         TEXT NOT NULL,
    status_code   INT NOT NULL,
    response_body BYTEA NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (key, route)
);

CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE processed_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
