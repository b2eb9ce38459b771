CREATE TABLE IF NOT EXISTS notifications (
    order_id            UUID NOT NULL,
    kind                TEXT NOT NULL,
    channel             TEXT NOT NULL,
    provider_message_id TEXT,
    sent_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, kind)
);

CREATE TABLE IF NOT EXISTS processed_events (
    consumer     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
