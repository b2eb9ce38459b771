-- Per-consumer record of handled messages, plus an append-only log of every
-- delivery attempt for the on-call dashboard.
CREATE TABLE IF NOT EXISTS consumer_inbox (
    consumer      text NOT NULL,
    message_id    text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE IF NOT EXISTS consumer_delivery_attempts (
    id            uuid PRIMARY KEY,
    consumer      text NOT NULL,
    topic         text NOT NULL,
    message_id    text NOT NULL,
    attempted_at  timestamptz NOT NULL,
    duration_ms   integer NOT NULL,
    error         text
);

CREATE INDEX IF NOT EXISTS consumer_delivery_attempts_msg_idx
    ON consumer_delivery_attempts (consumer, message_id);
