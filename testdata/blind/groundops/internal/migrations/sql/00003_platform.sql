-- +goose Up
CREATE TABLE processed_messages (
    message_id   text PRIMARY KEY,
    topic        text NOT NULL,
    processed_at timestamptz NOT NULL
);

CREATE TABLE stripe_events (
    event_id    text PRIMARY KEY,
    type        text NOT NULL,
    received_at timestamptz NOT NULL
);

CREATE TABLE idempotency_records (
    key         text PRIMARY KEY,
    method      text NOT NULL,
    path        text NOT NULL,
    status_code integer NOT NULL,
    body        bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE jobs (
    id           uuid PRIMARY KEY,
    kind         text NOT NULL,
    dedup_key    text NOT NULL UNIQUE,
    payload      jsonb NOT NULL,
    status       text NOT NULL DEFAULT 'queued',
    attempts     integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 10,
    run_at       timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_error   text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_ready_idx ON jobs (run_at) WHERE status = 'queued';

CREATE TABLE partner_call_attempts (
    id         uuid PRIMARY KEY,
    partner    text NOT NULL,
    operation  text NOT NULL,
    reference  text NOT NULL DEFAULT '',
    attempt    integer NOT NULL,
    error      text NOT NULL DEFAULT '',
    at         timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE partner_call_attempts;
DROP TABLE jobs;
DROP TABLE idempotency_records;
DROP TABLE stripe_events;
DROP TABLE processed_messages;
