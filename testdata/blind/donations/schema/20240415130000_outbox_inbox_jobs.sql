-- Transactional outbox, consumer inbox and scheduler bookkeeping.
CREATE TABLE outbox (
    id           text PRIMARY KEY,
    routing_key  text        NOT NULL,
    payload      jsonb       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz,
    attempts     integer     NOT NULL DEFAULT 0
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE outbox_attempts (
    id           uuid PRIMARY KEY,
    outbox_id    text        NOT NULL,
    error        text,
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer     text        NOT NULL,
    message_id   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE job_runs (
    name        text PRIMARY KEY,
    last_tick   timestamptz NOT NULL,
    finished_at timestamptz NOT NULL
);
