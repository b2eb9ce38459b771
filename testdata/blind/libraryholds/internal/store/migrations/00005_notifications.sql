-- +goose Up
CREATE TABLE notifications (
    id                  TEXT PRIMARY KEY,
    patron_id           TEXT NOT NULL REFERENCES patrons (id),
    kind                TEXT NOT NULL,
    ref                 TEXT NOT NULL,
    provider_message_id TEXT,
    status              TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (kind, ref)
);

CREATE TABLE outbox (
    id         BIGSERIAL PRIMARY KEY,
    task_type  TEXT NOT NULL,
    payload    JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    relayed_at TIMESTAMPTZ
);
CREATE INDEX outbox_pending_idx ON outbox (id) WHERE relayed_at IS NULL;

CREATE TABLE batch_runs (
    id          TEXT PRIMARY KEY,
    job         TEXT NOT NULL,
    run_date    DATE NOT NULL,
    started_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ,
    status      TEXT NOT NULL,
    stats       JSONB
);

-- +goose Down
DROP TABLE batch_runs;
DROP TABLE outbox;
DROP TABLE notifications;
