-- migrate:up
-- Inbound webhook deliveries we have applied, keyed by the sender's event id.
CREATE TABLE webhook_events (
    provider     VARCHAR(32)  NOT NULL,
    event_id     VARCHAR(128) NOT NULL,
    event_type   VARCHAR(64)  NOT NULL,
    received_at  DATETIME(6)  NOT NULL,
    PRIMARY KEY (provider, event_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Completion markers for background jobs that must run once per key.
CREATE TABLE job_markers (
    job_key      VARCHAR(160) NOT NULL PRIMARY KEY,
    completed_at DATETIME(6)  NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE job_markers;
DROP TABLE webhook_events;
