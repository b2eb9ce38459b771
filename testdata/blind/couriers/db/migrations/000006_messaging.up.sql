-- SMS outbox. The dedup key names the business event the text is about.
CREATE TABLE notifications (
    id                   uuid        PRIMARY KEY,
    dedup_key            text        NOT NULL UNIQUE,
    courier_id           uuid        NOT NULL REFERENCES couriers (id),
    phone_e164           text        NOT NULL,
    template             text        NOT NULL,
    body                 text        NOT NULL,
    status               text        NOT NULL DEFAULT 'pending'
                                     CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'needs_review')),
    provider_message_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX notifications_pending_idx ON notifications (created_at) WHERE status = 'pending';

CREATE TABLE notification_attempts (
    id               bigserial   PRIMARY KEY,
    notification_id  uuid        NOT NULL REFERENCES notifications (id),
    attempt_no       integer     NOT NULL,
    started_at       timestamptz NOT NULL,
    finished_at      timestamptz,
    outcome          text,
    error            text,
    UNIQUE (notification_id, attempt_no)
);

CREATE TABLE http_idempotency_keys (
    scope          text        NOT NULL,
    key            text        NOT NULL,
    status_code    integer     NOT NULL,
    response_body  bytea       NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_messages (
    consumer      text        NOT NULL,
    message_id    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE stripe_events (
    event_id     text        PRIMARY KEY,
    type         text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);
