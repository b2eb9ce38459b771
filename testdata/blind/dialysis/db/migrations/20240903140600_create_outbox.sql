-- migrate:up
CREATE TABLE outbox_events (
    id              uuid PRIMARY KEY,
    topic           text NOT NULL,
    event_type      text NOT NULL,
    aggregate_type  text NOT NULL,
    aggregate_id    uuid NOT NULL,
    ordering_key    text NOT NULL DEFAULT '',
    payload         jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    published_at    timestamptz,
    attempts        integer NOT NULL DEFAULT 0,
    last_error      text
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;

-- migrate:down
DROP TABLE outbox_events;
