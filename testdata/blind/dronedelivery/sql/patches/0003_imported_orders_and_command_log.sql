-- Orders arriving through merchant platform integrations carry the integration's event id.
ALTER TABLE orders ADD COLUMN integration_event_id text;
CREATE UNIQUE INDEX orders_integration_event_uq
    ON orders (integration_event_id) WHERE integration_event_id IS NOT NULL;

-- Every command invocation is logged for the ops dashboard, one row per attempt.
CREATE TABLE command_log (
    id           uuid PRIMARY KEY,
    command      text        NOT NULL,
    subject      text        NOT NULL DEFAULT '',
    outcome      text        NOT NULL,
    error        text,
    duration_ms  integer     NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX command_log_command_idx ON command_log (command, created_at);
