-- +goose Up
CREATE TABLE notifications (
    id                   uuid PRIMARY KEY,
    dedup_key            text,
    rider_id             uuid REFERENCES riders (id),
    phone                text        NOT NULL,
    kind                 text        NOT NULL,
    body                 text        NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_message_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz,
    delivered_at         timestamptz
);

CREATE INDEX notifications_provider_msg_idx ON notifications (provider_message_id);
CREATE UNIQUE INDEX notifications_dedup_key ON notifications (dedup_key) WHERE dedup_key IS NOT NULL;

-- +goose Down
DROP TABLE notifications;
