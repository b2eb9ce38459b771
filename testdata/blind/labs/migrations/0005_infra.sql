-- Job queue, request idempotency and consumer bookkeeping.

CREATE TABLE jobs (
    id              uuid PRIMARY KEY,
    kind            text NOT NULL,
    payload         jsonb NOT NULL,
    dedupe_key      text UNIQUE,
    status          text NOT NULL DEFAULT 'queued',
    attempts        integer NOT NULL DEFAULT 0,
    max_attempts    integer NOT NULL DEFAULT 12,
    run_at          timestamptz NOT NULL DEFAULT now(),
    locked_by       text,
    locked_until    timestamptz,
    last_error      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX jobs_ready_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE status = 'running';

CREATE TABLE idempotency_keys (
    scope           text NOT NULL,
    key             text NOT NULL,
    request_hash    text NOT NULL,
    status_code     integer NOT NULL,
    response_body   bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_messages (
    handler         text NOT NULL,
    message_id      text NOT NULL,
    processed_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (handler, message_id)
);
