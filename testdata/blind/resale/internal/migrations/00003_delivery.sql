-- +goose Up
CREATE TABLE ticket_transfers (
    id                    TEXT PRIMARY KEY,
    order_id              TEXT NOT NULL UNIQUE REFERENCES orders(id),
    promoter_transfer_id  TEXT UNIQUE,
    status                TEXT NOT NULL,
    failure_count         INT NOT NULL DEFAULT 0,
    transferred_at        TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per call to the promoter, kept for support and SLA reporting.
CREATE TABLE transfer_attempts (
    id            TEXT PRIMARY KEY,
    transfer_id   TEXT NOT NULL REFERENCES ticket_transfers(id),
    attempted_at  TIMESTAMPTZ NOT NULL,
    outcome       TEXT NOT NULL,
    detail        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX transfer_attempts_transfer_idx ON transfer_attempts (transfer_id, attempted_at);

CREATE TABLE processed_events (
    source        TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE outbox_tasks (
    id             TEXT PRIMARY KEY,
    task_type      TEXT NOT NULL,
    payload        BYTEA NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at  TIMESTAMPTZ
);
CREATE INDEX outbox_tasks_pending_idx ON outbox_tasks (created_at) WHERE dispatched_at IS NULL;

-- +goose Down
DROP TABLE outbox_tasks;
DROP TABLE processed_events;
DROP TABLE transfer_attempts;
DROP TABLE ticket_transfers;
