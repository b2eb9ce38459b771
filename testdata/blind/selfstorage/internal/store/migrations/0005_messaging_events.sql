-- Outbound notices, inbound webhook events, HTTP idempotency keys.

CREATE TABLE notices (
    notice_key          text PRIMARY KEY,
    rental_id           text,
    template            text NOT NULL,
    channel             text NOT NULL DEFAULT 'sms',
    recipient           text NOT NULL,
    status              text NOT NULL DEFAULT 'sending',
    provider_message_id text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    sent_at             timestamptz
);

CREATE TABLE webhook_events (
    provider    text NOT NULL,
    event_id    text NOT NULL,
    event_type  text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE idempotency_keys (
    scope           text NOT NULL,
    key             text NOT NULL,
    response_status int NOT NULL,
    response_body   bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
