-- 0004: outbound notifications and delivery receipts.

CREATE TABLE notifications (
    id                   TEXT PRIMARY KEY,
    dedup_key            TEXT NOT NULL UNIQUE,
    policyholder_id      TEXT NOT NULL REFERENCES policyholders(id),
    channel              TEXT NOT NULL,      -- sms, email
    template             TEXT NOT NULL,
    params               JSONB NOT NULL DEFAULT '{}',
    status               TEXT NOT NULL DEFAULT 'queued', -- queued, sent, delivered, failed
    provider_message_id  TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX notifications_provider_msg_idx ON notifications (provider_message_id);

-- Append-only log of every receipt the messaging provider posts to us.
CREATE TABLE delivery_receipts (
    id                   TEXT PRIMARY KEY,
    provider_message_id  TEXT NOT NULL,
    status               TEXT NOT NULL,
    error_code           TEXT,
    raw                  JSONB NOT NULL,
    received_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Append-only log of send attempts (one row per worker attempt).
CREATE TABLE notification_attempts (
    id               TEXT PRIMARY KEY,
    notification_id  TEXT NOT NULL REFERENCES notifications(id),
    attempt          INT NOT NULL,
    outcome          TEXT NOT NULL,
    detail           TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
