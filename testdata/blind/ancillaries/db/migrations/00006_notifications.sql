-- +goose Up
CREATE TABLE notifications (
    id              TEXT PRIMARY KEY,
    order_id        UUID NOT NULL,
    template        TEXT NOT NULL,
    channel         TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    provider_ref    TEXT NOT NULL DEFAULT '',
    sent_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (order_id, template, channel)
);

-- +goose Down
DROP TABLE notifications;
