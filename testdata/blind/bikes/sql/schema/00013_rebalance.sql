-- +goose Up
CREATE TABLE rebalance_jobs (
    id              uuid PRIMARY KEY,
    station_id      text        NOT NULL REFERENCES stations (id),
    slot            timestamptz NOT NULL,
    direction       text        NOT NULL,
    bikes           integer     NOT NULL,
    reason          text        NOT NULL,
    status          text        NOT NULL DEFAULT 'requested',
    partner_job_id  text,
    requested_by    text        NOT NULL DEFAULT 'system',
    created_at      timestamptz NOT NULL DEFAULT now(),
    dispatched_at   timestamptz
);

CREATE INDEX rebalance_jobs_partner_idx ON rebalance_jobs (partner_job_id);

CREATE TABLE crew_job_completions (
    partner_job_id  text PRIMARY KEY,
    rebalance_id    uuid REFERENCES rebalance_jobs (id),
    crew_id         text        NOT NULL,
    bikes_moved     integer     NOT NULL,
    completed_at    timestamptz NOT NULL,
    received_at     timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE crew_job_completions;
DROP TABLE rebalance_jobs;
