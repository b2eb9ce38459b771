-- Requests made from the dashboard's "remind now" button.
CREATE TABLE reminder_requests (
    id           text PRIMARY KEY,
    envelope_id  text        NOT NULL REFERENCES envelopes (id) ON DELETE CASCADE,
    signer_id    text        NOT NULL REFERENCES signers (id) ON DELETE CASCADE,
    requested_by text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- One row per reminder delivered on a channel. ref is "auto:<seq>" for
-- scheduled reminders and "manual:<request id>" for dashboard reminders.
CREATE TABLE reminders (
    id                  text PRIMARY KEY,
    envelope_id         text        NOT NULL REFERENCES envelopes (id) ON DELETE CASCADE,
    signer_id           text        NOT NULL REFERENCES signers (id) ON DELETE CASCADE,
    channel             text        NOT NULL CHECK (channel IN ('sms', 'email')),
    ref                 text        NOT NULL,
    provider_message_id text,
    delivery_status     text        NOT NULL DEFAULT 'accepted',
    sent_at             timestamptz NOT NULL DEFAULT now(),
    UNIQUE (signer_id, channel, ref)
);

CREATE INDEX reminders_provider_message_idx ON reminders (provider_message_id);

-- Delivery receipts posted by the SMS provider.
CREATE TABLE sms_status_events (
    provider_message_id text        NOT NULL,
    status              text        NOT NULL,
    error_code          text,
    received_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider_message_id, status)
);
