CREATE TABLE access_cards (
    id                  UUID PRIMARY KEY,
    member_id           UUID NOT NULL REFERENCES members (id),
    partner_card_id     TEXT NOT NULL DEFAULT '',
    card_number_last4   TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL CHECK (status IN ('pending', 'active', 'revoked', 'failed')),
    requested_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    activated_at        TIMESTAMPTZ,
    revoked_at          TIMESTAMPTZ
);

-- A member holds at most one live card (requested or active).
CREATE UNIQUE INDEX access_cards_live_member_key ON access_cards (member_id) WHERE status IN ('pending', 'active');
CREATE INDEX access_cards_partner_idx ON access_cards (partner_card_id);

CREATE TABLE check_ins (
    event_id        TEXT PRIMARY KEY,
    member_id       UUID NOT NULL REFERENCES members (id),
    club_id         TEXT NOT NULL,
    door_id         TEXT NOT NULL,
    occurred_at     TIMESTAMPTZ NOT NULL
);

CREATE INDEX check_ins_member_idx ON check_ins (member_id, occurred_at);

CREATE TABLE access_denials (
    event_id        TEXT PRIMARY KEY,
    member_id       UUID REFERENCES members (id),
    card_id         TEXT NOT NULL,
    door_id         TEXT NOT NULL,
    reason          TEXT NOT NULL,
    occurred_at     TIMESTAMPTZ NOT NULL,
    notified_at     TIMESTAMPTZ
);

CREATE TABLE notifications (
    id                  UUID PRIMARY KEY,
    member_id           UUID REFERENCES members (id),
    channel             TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
    kind                TEXT NOT NULL,
    ref                 TEXT NOT NULL,
    recipient           TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'delivered', 'failed')),
    provider_message_id TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT notifications_kind_ref_key UNIQUE (kind, ref)
);

CREATE INDEX notifications_provider_msg_idx ON notifications (provider_message_id);

CREATE TABLE notification_log (
    id                  TEXT PRIMARY KEY,
    channel             TEXT NOT NULL,
    kind                TEXT NOT NULL,
    ref                 TEXT NOT NULL,
    recipient           TEXT NOT NULL,
    provider_message_id TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX notification_log_ref_idx ON notification_log (kind, ref);
