-- +goose Up
CREATE TABLE notifications (
    id                   TEXT PRIMARY KEY,
    recipient_id         TEXT NOT NULL,
    template             TEXT NOT NULL,
    channel              TEXT NOT NULL,
    provider_message_id  TEXT,
    sent_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, sent_at DESC);

CREATE TABLE webhook_deliveries (
    id           TEXT PRIMARY KEY,
    seller_id    TEXT NOT NULL REFERENCES accounts(id),
    event_type   TEXT NOT NULL,
    subject_id   TEXT NOT NULL,
    status_code  INTEGER NOT NULL,
    delivered_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE webhook_deliveries;
DROP TABLE notifications;
