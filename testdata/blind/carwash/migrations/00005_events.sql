-- +goose Up
-- Webhook deliveries already applied, per provider.
CREATE TABLE processed_webhook_events (
    provider     text NOT NULL,
    event_id     text NOT NULL,
    event_type   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- Kiosk events claimed by the kiosk consumer.
CREATE TABLE kiosk_events (
    event_id   text PRIMARY KEY,
    event_type text NOT NULL,
    kiosk_id   text NOT NULL,
    claimed_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE kiosk_events;
DROP TABLE processed_webhook_events;
