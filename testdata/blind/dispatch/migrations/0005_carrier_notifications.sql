-- Carrier handoffs, notifications and merchant webhooks.

CREATE TABLE IF NOT EXISTS carrier_handoffs (
    id             TEXT PRIMARY KEY,
    order_id       TEXT        NOT NULL REFERENCES orders (id),
    carrier        TEXT        NOT NULL,
    service_level  TEXT        NOT NULL,
    status         TEXT        NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS carrier_bookings (
    handoff_id    TEXT PRIMARY KEY REFERENCES carrier_handoffs (id),
    booking_ref   TEXT        NOT NULL DEFAULT '',
    label_url     TEXT        NOT NULL DEFAULT '',
    status        TEXT        NOT NULL,
    requested_at  TIMESTAMPTZ NOT NULL,
    booked_at     TIMESTAMPTZ
);

CREATE TABLE IF NOT EXISTS carrier_pickups (
    id            TEXT PRIMARY KEY,
    handoff_id    TEXT        NOT NULL REFERENCES carrier_handoffs (id),
    window_start  TIMESTAMPTZ NOT NULL,
    window_end    TIMESTAMPTZ NOT NULL,
    status        TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS notifications (
    id            TEXT PRIMARY KEY,
    dedup_key     TEXT        NOT NULL UNIQUE,
    channel       TEXT        NOT NULL,
    recipient     TEXT        NOT NULL,
    template      TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    provider_ref  TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at       TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS notifications_provider_ref_idx ON notifications (provider_ref);

CREATE TABLE IF NOT EXISTS sms_receipts (
    provider_message_id  TEXT        NOT NULL,
    status               TEXT        NOT NULL,
    error_code           TEXT        NOT NULL DEFAULT '',
    received_at          TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider_message_id, status)
);

CREATE TABLE IF NOT EXISTS webhook_events (
    id            TEXT PRIMARY KEY,
    merchant_id   TEXT        NOT NULL REFERENCES merchants (id),
    type          TEXT        NOT NULL,
    payload       JSONB       NOT NULL,
    status        TEXT        NOT NULL,
    attempts      INT         NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    delivered_at  TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS webhook_events_pending_idx ON webhook_events (created_at) WHERE status = 'pending';

CREATE TABLE IF NOT EXISTS webhook_attempts (
    id            TEXT PRIMARY KEY,
    event_id      TEXT        NOT NULL REFERENCES webhook_events (id),
    status_code   INT         NOT NULL DEFAULT 0,
    error         TEXT        NOT NULL DEFAULT '',
    duration_ms   BIGINT      NOT NULL DEFAULT 0,
    attempted_at  TIMESTAMPTZ NOT NULL
);
