-- +goose Up
CREATE TABLE thank_you_notes (
    id                 text PRIMARY KEY,
    registry_id        text NOT NULL REFERENCES registries (id),
    purchase_id        text REFERENCES purchases (id),
    contribution_id    text REFERENCES contributions (id),
    recipient_email    text NOT NULL,
    recipient_name     text NOT NULL,
    body               text NOT NULL,
    status             text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'bounced')),
    provider_message_id text,
    sent_at            timestamptz,
    delivered_at       timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT thank_you_notes_purchase_key UNIQUE (purchase_id),
    CONSTRAINT thank_you_notes_contribution_key UNIQUE (contribution_id),
    CONSTRAINT thank_you_notes_source_chk CHECK ((purchase_id IS NULL) <> (contribution_id IS NULL))
);

CREATE TABLE invitations (
    id           text PRIMARY KEY,
    registry_id  text NOT NULL REFERENCES registries (id),
    email        text NOT NULL,
    name         text NOT NULL DEFAULT '',
    sent_at      timestamptz NOT NULL,
    CONSTRAINT invitations_registry_email_key UNIQUE (registry_id, email)
);

-- Append-only log of delivery callbacks from the email API.
CREATE TABLE email_events (
    id                   text PRIMARY KEY,
    provider_message_id  text NOT NULL,
    event_type           text NOT NULL,
    recipient            text NOT NULL,
    payload              jsonb NOT NULL,
    received_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX email_events_message_idx ON email_events (provider_message_id);

-- +goose Down
DROP TABLE email_events;
DROP TABLE invitations;
DROP TABLE thank_you_notes;
