-- Waitlist and SMS bookkeeping.

CREATE TABLE waitlist_entries (
    id            TEXT PRIMARY KEY,
    restaurant_id TEXT        NOT NULL REFERENCES restaurants (id),
    diner_id      TEXT REFERENCES diners (id),
    phone         TEXT        NOT NULL,
    guest_name    TEXT        NOT NULL,
    party_size    INTEGER     NOT NULL,
    desired_at    TIMESTAMPTZ NOT NULL,
    status        TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (restaurant_id, desired_at, phone)
);

CREATE TABLE waitlist_offers (
    id         TEXT PRIMARY KEY,
    entry_id   TEXT        NOT NULL UNIQUE REFERENCES waitlist_entries (id),
    slot_id    TEXT        NOT NULL REFERENCES slots (id),
    status     TEXT        NOT NULL,
    booking_id TEXT REFERENCES bookings (id),
    expires_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Outbound SMS log (one row per provider accept).
CREATE TABLE sms_messages (
    id                  TEXT PRIMARY KEY,
    client_ref          TEXT,
    provider_message_id TEXT        NOT NULL,
    to_phone            TEXT        NOT NULL,
    purpose             TEXT        NOT NULL,
    last_status         TEXT        NOT NULL DEFAULT 'queued',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX sms_messages_provider_idx ON sms_messages (provider_message_id);

CREATE TABLE sms_delivery_receipts (
    provider_message_id TEXT        NOT NULL,
    status              TEXT        NOT NULL,
    error_code          TEXT,
    reported_at         TIMESTAMPTZ NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider_message_id, status)
);
