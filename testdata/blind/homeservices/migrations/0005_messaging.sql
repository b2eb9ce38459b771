-- Outbound SMS notifications and inbound replies.

CREATE TABLE notifications (
    id                  TEXT PRIMARY KEY,
    job_id              TEXT,
    recipient           TEXT        NOT NULL,
    template            TEXT        NOT NULL,
    client_reference    TEXT        NOT NULL,
    provider_message_id TEXT,
    status              TEXT        NOT NULL DEFAULT 'queued',
    error_code          TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT notifications_client_reference_key UNIQUE (client_reference)
);

CREATE UNIQUE INDEX notifications_provider_message_key ON notifications (provider_message_id)
    WHERE provider_message_id IS NOT NULL;

CREATE TABLE inbound_sms (
    provider_message_id TEXT PRIMARY KEY,
    from_phone          TEXT        NOT NULL,
    to_phone            TEXT        NOT NULL,
    body                TEXT        NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
