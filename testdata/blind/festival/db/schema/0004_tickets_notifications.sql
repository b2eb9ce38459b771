-- +goose Up
CREATE TABLE tickets (
    id          TEXT PRIMARY KEY,
    order_ref   TEXT NOT NULL,
    attendee_id UUID NOT NULL REFERENCES attendees (id),
    ticket_type TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'transferring', 'used', 'void')),
    issued_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ticket_transfers (
    id            UUID PRIMARY KEY,
    ticket_id     TEXT NOT NULL REFERENCES tickets (id),
    from_attendee UUID NOT NULL REFERENCES attendees (id),
    to_email      TEXT NOT NULL,
    to_phone      TEXT NOT NULL DEFAULT '',
    to_attendee   UUID REFERENCES attendees (id),
    claim_code    TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'cancelled')),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    accepted_at   TIMESTAMPTZ
);

CREATE UNIQUE INDEX ticket_transfers_one_pending ON ticket_transfers (ticket_id) WHERE status = 'pending';

CREATE TABLE devices (
    attendee_id UUID NOT NULL REFERENCES attendees (id),
    token       TEXT NOT NULL,
    platform    TEXT NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (attendee_id, token)
);

CREATE TABLE notifications (
    id           UUID PRIMARY KEY,
    attendee_id  UUID REFERENCES attendees (id),
    channel      TEXT NOT NULL CHECK (channel IN ('sms', 'push')),
    recipient    TEXT NOT NULL,
    template     TEXT NOT NULL,
    dedup_key    TEXT NOT NULL,
    body         TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'failed')),
    provider_ref TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at      TIMESTAMPTZ,
    UNIQUE (dedup_key)
);
