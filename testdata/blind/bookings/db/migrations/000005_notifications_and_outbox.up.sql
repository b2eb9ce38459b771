CREATE TABLE notifications (
    id            TEXT PRIMARY KEY,
    booking_id    UUID        NOT NULL,
    channel       TEXT        NOT NULL,
    template      TEXT        NOT NULL,
    recipient     TEXT        NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'pending',
    attempts      INTEGER     NOT NULL DEFAULT 0,
    provider_ref  TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at       TIMESTAMPTZ
);

CREATE INDEX notifications_booking_idx ON notifications (booking_id, template);

CREATE TABLE disruption_notices (
    disruption_id    TEXT        NOT NULL,
    booking_id       UUID        NOT NULL,
    notification_id  TEXT        NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (disruption_id, booking_id)
);

-- Consumer inbox: one row per (consumer, message id) already handled.
CREATE TABLE processed_messages (
    consumer      TEXT        NOT NULL,
    message_id    TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE outbox_events (
    id            TEXT PRIMARY KEY,
    topic         TEXT        NOT NULL,
    msg_key       TEXT        NOT NULL,
    payload       JSONB       NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;

-- Append-only log of pushes to station display controllers.
CREATE TABLE display_push_attempts (
    id            TEXT PRIMARY KEY,
    trip_id       TEXT        NOT NULL,
    station_code  TEXT        NOT NULL,
    version       BIGINT      NOT NULL,
    status_code   INTEGER     NOT NULL,
    error         TEXT        NOT NULL DEFAULT '',
    attempted_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
