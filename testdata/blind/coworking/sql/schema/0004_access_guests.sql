-- +goose Up
CREATE TABLE access_cards (
    id              UUID PRIMARY KEY,
    member_id       UUID NOT NULL REFERENCES members (id),
    card_slot       TEXT NOT NULL,
    partner_card_id TEXT,
    status          TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    revoked_at      TIMESTAMPTZ,
    CONSTRAINT access_cards_member_slot_key UNIQUE (member_id, card_slot)
);

CREATE TABLE door_events (
    partner_event_id TEXT PRIMARY KEY,
    partner_card_id  TEXT NOT NULL,
    kind             TEXT NOT NULL,
    door             TEXT NOT NULL,
    occurred_at      TIMESTAMPTZ NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE guest_invitations (
    id              UUID PRIMARY KEY,
    host_member_id  UUID NOT NULL REFERENCES members (id),
    room_booking_id UUID REFERENCES room_bookings (id),
    guest_name      TEXT NOT NULL,
    guest_phone     TEXT NOT NULL,
    visit_date      DATE NOT NULL,
    status          TEXT NOT NULL DEFAULT 'created',
    sms_message_id  TEXT,
    reminder_sent   BOOLEAN NOT NULL DEFAULT false,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX guest_invitations_visit_idx ON guest_invitations (visit_date);

CREATE TABLE company_webhook_deliveries (
    id          UUID PRIMARY KEY,
    company_id  UUID NOT NULL REFERENCES companies (id),
    event_type  TEXT NOT NULL,
    subject_id  TEXT NOT NULL,
    status_code INTEGER NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE company_webhook_deliveries;
DROP TABLE guest_invitations;
DROP TABLE door_events;
DROP TABLE access_cards;
