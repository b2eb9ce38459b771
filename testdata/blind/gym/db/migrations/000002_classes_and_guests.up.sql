CREATE TABLE class_sessions (
    id              UUID PRIMARY KEY,
    club_id         TEXT NOT NULL,
    class_type      TEXT NOT NULL,
    instructor      TEXT NOT NULL DEFAULT '',
    starts_at       TIMESTAMPTZ NOT NULL,
    ends_at         TIMESTAMPTZ NOT NULL,
    capacity        INT NOT NULL CHECK (capacity > 0),
    booked_count    INT NOT NULL DEFAULT 0,
    status          TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'canceled', 'completed'))
);

CREATE INDEX class_sessions_starts_idx ON class_sessions (club_id, starts_at);

CREATE TABLE class_bookings (
    id              UUID PRIMARY KEY,
    session_id      UUID NOT NULL REFERENCES class_sessions (id),
    member_id       UUID NOT NULL REFERENCES members (id),
    status          TEXT NOT NULL CHECK (status IN ('booked', 'canceled', 'attended', 'no_show')),
    source          TEXT NOT NULL DEFAULT 'app',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    canceled_at     TIMESTAMPTZ,
    CONSTRAINT class_bookings_session_member_key UNIQUE (session_id, member_id)
);

CREATE TABLE waitlist_entries (
    id              TEXT PRIMARY KEY,
    session_id      UUID NOT NULL REFERENCES class_sessions (id),
    member_id       UUID NOT NULL REFERENCES members (id),
    position        INT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('waiting', 'promoted', 'expired', 'left')),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX waitlist_entries_session_idx ON waitlist_entries (session_id, position) WHERE status = 'waiting';

CREATE TABLE waitlist_promotions (
    freed_booking_id    UUID PRIMARY KEY REFERENCES class_bookings (id),
    session_id          UUID NOT NULL REFERENCES class_sessions (id),
    waitlist_entry_id   TEXT REFERENCES waitlist_entries (id),
    booking_id          UUID REFERENCES class_bookings (id),
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE guest_allowances (
    member_id       UUID NOT NULL REFERENCES members (id),
    month           TEXT NOT NULL,
    used            INT NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, month)
);

CREATE TABLE guest_passes (
    id                      UUID PRIMARY KEY,
    member_id               UUID NOT NULL REFERENCES members (id),
    guest_name              TEXT NOT NULL,
    guest_phone             TEXT NOT NULL,
    code                    TEXT NOT NULL UNIQUE,
    valid_on                DATE NOT NULL,
    fee_cents               BIGINT NOT NULL DEFAULT 0,
    partner_credential_id   TEXT NOT NULL DEFAULT '',
    used_at                 TIMESTAMPTZ,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX guest_passes_member_idx ON guest_passes (member_id, valid_on);

CREATE TABLE guest_entries (
    event_id        TEXT PRIMARY KEY,
    guest_pass_id   UUID NOT NULL REFERENCES guest_passes (id),
    door_id         TEXT NOT NULL,
    fee_intent_id   TEXT NOT NULL DEFAULT '',
    occurred_at     TIMESTAMPTZ NOT NULL
);
