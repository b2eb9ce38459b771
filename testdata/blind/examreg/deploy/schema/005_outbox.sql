-- Transactional outbox relayed to Kafka, and the consumer-side record of
-- centre events already applied.

CREATE TABLE IF NOT EXISTS outbox (
    id            UUID PRIMARY KEY,
    topic         TEXT NOT NULL,
    partition_key TEXT NOT NULL,
    event_type    TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at       TIMESTAMPTZ
);

CREATE INDEX IF NOT EXISTS outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;

CREATE TABLE IF NOT EXISTS centre_events_applied (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
