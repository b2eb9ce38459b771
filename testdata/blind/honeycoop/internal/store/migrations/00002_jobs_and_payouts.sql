-- +goose Up
CREATE TABLE jobs (
    id           TEXT PRIMARY KEY,
    kind         TEXT        NOT NULL,
    unique_key   TEXT        NOT NULL,
    payload      JSONB       NOT NULL DEFAULT '{}'::jsonb,
    status       TEXT        NOT NULL DEFAULT 'queued',
    attempts     INTEGER     NOT NULL DEFAULT 0,
    run_after    TIMESTAMPTZ NOT NULL DEFAULT now(),
    locked_until TIMESTAMPTZ,
    last_error   TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT jobs_unique_key UNIQUE (unique_key)
);
CREATE INDEX jobs_ready_idx ON jobs (status, run_after);

CREATE TABLE advances (
    id           TEXT PRIMARY KEY,
    member_id    TEXT        NOT NULL REFERENCES members (id),
    amount_cents BIGINT      NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'requested',
    provider_ref TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payout_runs (
    id         TEXT PRIMARY KEY,
    period     TEXT        NOT NULL UNIQUE,
    status     TEXT        NOT NULL DEFAULT 'open',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id           TEXT PRIMARY KEY,
    run_id       TEXT        NOT NULL REFERENCES payout_runs (id),
    member_id    TEXT        NOT NULL REFERENCES members (id),
    amount_cents BIGINT      NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'pending',
    provider_ref TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payouts_run_member_key UNIQUE (run_id, member_id)
);

-- One row per call to the bank partner, successful or not.
CREATE TABLE payout_attempts (
    id              TEXT PRIMARY KEY,
    subject         TEXT        NOT NULL,
    idempotency_key TEXT        NOT NULL,
    status_code     INTEGER     NOT NULL DEFAULT 0,
    error           TEXT        NOT NULL DEFAULT '',
    attempted_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX payout_attempts_subject_idx ON payout_attempts (subject);

CREATE TABLE webhook_events (
    source      TEXT        NOT NULL,
    event_id    TEXT        NOT NULL,
    event_type  TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE idempotency_keys (
    scope       TEXT        NOT NULL,
    key         TEXT        NOT NULL,
    status_code INTEGER     NOT NULL,
    body        BYTEA       NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE statements (
    id            TEXT PRIMARY KEY,
    member_id     TEXT        NOT NULL REFERENCES members (id),
    period        TEXT        NOT NULL,
    balance_cents BIGINT      NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'pending',
    sent_at       TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT statements_member_period_key UNIQUE (member_id, period)
);

-- +goose Down
DROP TABLE statements;
DROP TABLE idempotency_keys;
DROP TABLE webhook_events;
DROP TABLE payout_attempts;
DROP TABLE payouts;
DROP TABLE payout_runs;
DROP TABLE advances;
DROP TABLE jobs;
