-- +goose Up
CREATE TABLE jobs (
    id           bigserial PRIMARY KEY,
    kind         text NOT NULL,
    payload      jsonb NOT NULL,
    dedup_key    text UNIQUE,
    state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'dead')),
    attempts     integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 10,
    run_after    timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_error   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX jobs_ready_idx ON jobs (kind, run_after) WHERE state = 'queued';

-- +goose Down
DROP TABLE jobs;
