-- Video sessions, recordings, attendance, consumer bookkeeping, outbox and jobs.

CREATE TABLE video_sessions (
    session_id       TEXT PRIMARY KEY,
    appointment_id   UUID NOT NULL REFERENCES appointments(id),
    room_id          TEXT NOT NULL,
    started_at       TIMESTAMPTZ,
    ended_at         TIMESTAMPTZ,
    duration_seconds INT,
    end_reason       TEXT
);

CREATE TABLE visit_recordings (
    vendor_recording_id  TEXT PRIMARY KEY,
    appointment_id       UUID NOT NULL REFERENCES appointments(id),
    session_id           TEXT NOT NULL,
    storage_url          TEXT NOT NULL,
    duration_seconds     INT NOT NULL,
    size_bytes           BIGINT NOT NULL,
    received_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE visit_attendance (
    session_id      TEXT NOT NULL,
    participant_id  TEXT NOT NULL,
    role            TEXT NOT NULL,
    appointment_id  UUID NOT NULL REFERENCES appointments(id),
    joined_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (session_id, participant_id)
);

CREATE TABLE processed_events (
    consumer      TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE outbox (
    id            UUID PRIMARY KEY,
    aggregate_id  TEXT NOT NULL,
    event_type    TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    relayed_at    TIMESTAMPTZ,
    UNIQUE (aggregate_id, event_type)
);

CREATE INDEX outbox_pending ON outbox (created_at) WHERE relayed_at IS NULL;

CREATE TABLE jobs (
    id            TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,
    payload       JSONB NOT NULL,
    dedup_key     TEXT NOT NULL UNIQUE,
    status        TEXT NOT NULL DEFAULT 'queued',
    attempts      INT NOT NULL DEFAULT 0,
    max_attempts  INT NOT NULL DEFAULT 8,
    run_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    locked_until  TIMESTAMPTZ,
    last_error    TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at   TIMESTAMPTZ
);

CREATE INDEX jobs_ready ON jobs (run_at) WHERE status = 'queued';

CREATE TABLE notifications (
    id                   UUID PRIMARY KEY,
    appointment_id       UUID NOT NULL REFERENCES appointments(id),
    channel              TEXT NOT NULL,
    template             TEXT NOT NULL,
    status               TEXT NOT NULL DEFAULT 'pending',
    provider_message_id  TEXT,
    sent_at              TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (appointment_id, channel, template)
);

CREATE TABLE reminder_log (
    appointment_id  UUID NOT NULL REFERENCES appointments(id),
    channel         TEXT NOT NULL,
    window_label    TEXT NOT NULL,
    provider_ref    TEXT,
    sent_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (appointment_id, channel, window_label)
);
