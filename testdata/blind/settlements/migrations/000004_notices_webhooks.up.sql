CREATE TABLE notices (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    claimant_id         TEXT        NOT NULL REFERENCES claimants (id),
    kind                TEXT        NOT NULL,
    request_key         TEXT,
    to_address          TEXT        NOT NULL,
    subject             TEXT        NOT NULL,
    body                TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_message_id TEXT,
    attempts            INTEGER     NOT NULL DEFAULT 0,
    last_error          TEXT,
    sent_at             TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT notices_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'bounced')),
    CONSTRAINT notices_request_key UNIQUE (claimant_id, request_key),
    CONSTRAINT notices_provider_message_key UNIQUE (provider_message_id)
);

CREATE INDEX notices_claimant_idx ON notices (claimant_id);

-- Raw payment-provider webhook events, keyed by the provider's event id.
CREATE TABLE ach_events (
    provider_event_id   TEXT PRIMARY KEY,
    event_type          TEXT        NOT NULL,
    payment_id          TEXT        NOT NULL,
    payload             JSONB       NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    processed_at        TIMESTAMPTZ
);

CREATE TABLE mail_events_processed (
    event_id            TEXT PRIMARY KEY,
    event_type          TEXT        NOT NULL,
    processed_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE email_events (
    event_id            TEXT PRIMARY KEY,
    message_id          TEXT        NOT NULL,
    event_type          TEXT        NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
