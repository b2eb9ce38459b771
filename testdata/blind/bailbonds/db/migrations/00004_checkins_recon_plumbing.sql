-- +goose Up
CREATE TABLE indemnitor_checkins (
    id             uuid PRIMARY KEY,
    indemnitor_id  uuid        NOT NULL REFERENCES indemnitors (id),
    checked_in_at  timestamptz NOT NULL,
    latitude       double precision,
    longitude      double precision,
    note           text        NOT NULL DEFAULT '',
    received_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX indemnitor_checkins_indemnitor_idx ON indemnitor_checkins (indemnitor_id, checked_in_at DESC);

CREATE TABLE checkin_escalations (
    id             bigserial PRIMARY KEY,
    indemnitor_id  uuid        NOT NULL REFERENCES indemnitors (id),
    due_on         date        NOT NULL,
    days_overdue   int         NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    resolved_at    timestamptz,
    CONSTRAINT checkin_escalations_indemnitor_due_key UNIQUE (indemnitor_id, due_on)
);

CREATE TABLE processed_events (
    source        text        NOT NULL,
    event_id      text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE http_idempotency (
    scope_key     text PRIMARY KEY,
    status_code   int         NOT NULL,
    body          bytea       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id          bigserial PRIMARY KEY,
    task_type   text        NOT NULL,
    payload     jsonb       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    relayed_at  timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (id) WHERE relayed_at IS NULL;

CREATE TABLE recon_runs (
    id             uuid PRIMARY KEY,
    business_date  date        NOT NULL,
    started_at     timestamptz NOT NULL,
    finished_at    timestamptz,
    status         text        NOT NULL,
    bonds_count    int,
    premium_cents  bigint,
    error          text
);

CREATE TABLE surety_submissions (
    business_date  date PRIMARY KEY,
    bordereau_id   text        NOT NULL,
    bonds_count    int         NOT NULL,
    premium_cents  bigint      NOT NULL,
    submitted_at   timestamptz NOT NULL
);

-- +goose Down
DROP TABLE surety_submissions;
DROP TABLE recon_runs;
DROP TABLE outbox;
DROP TABLE http_idempotency;
DROP TABLE processed_events;
DROP TABLE checkin_escalations;
DROP TABLE indemnitor_checkins;
