-- migrate:up
CREATE TABLE certifications (
    id                   text PRIMARY KEY,
    member_id            text NOT NULL REFERENCES members (id),
    equipment_class      text NOT NULL,
    training_session_id  text NOT NULL,
    instructor_id        text NOT NULL,
    issued_at            timestamptz NOT NULL,
    expires_at           timestamptz,
    revoked_at           timestamptz,
    revoke_reason        text,
    CONSTRAINT certifications_session_key UNIQUE (member_id, equipment_class, training_session_id)
);

CREATE INDEX certifications_active_idx ON certifications (member_id, equipment_class)
    WHERE revoked_at IS NULL;

-- Every change we need the door vendor to make. source_ref is the business
-- reason (certification id, invoice id ...) so the same reason maps to one change.
CREATE TABLE access_changes (
    id                text PRIMARY KEY,
    member_id         text NOT NULL REFERENCES members (id),
    action            text NOT NULL CHECK (action IN ('grant', 'revoke', 'suspend', 'reinstate')),
    zone              text NOT NULL DEFAULT '',
    source_ref        text NOT NULL UNIQUE,
    status            text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'applied', 'failed')),
    vendor_change_id  text,
    last_error        text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    applied_at        timestamptz
);

CREATE INDEX access_changes_pending_idx ON access_changes (created_at) WHERE status = 'pending';

CREATE TABLE member_access (
    member_id   text NOT NULL REFERENCES members (id),
    zone        text NOT NULL,
    state       text NOT NULL CHECK (state IN ('granted', 'revoked', 'suspended')),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (member_id, zone)
);

-- Append-only log of every activity attempt against the vendor.
CREATE TABLE access_sync_attempts (
    id          text PRIMARY KEY,
    change_id   text NOT NULL REFERENCES access_changes (id),
    attempt     integer NOT NULL,
    outcome     text NOT NULL,
    detail      text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_windows (
    booking_id        text PRIMARY KEY REFERENCES bookings (id),
    member_id         text NOT NULL REFERENCES members (id),
    zone              text NOT NULL,
    vendor_window_id  text NOT NULL,
    opens_at          timestamptz NOT NULL,
    closes_at         timestamptz NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

-- Mirror of the credentials the door vendor knows about, refreshed by reconciliation.
CREATE TABLE door_credentials (
    vendor_credential_id  text PRIMARY KEY,
    member_id             text,
    kind                  text NOT NULL,
    status                text NOT NULL,
    vendor_updated_at     timestamptz NOT NULL,
    synced_at             timestamptz NOT NULL DEFAULT now()
);

-- Webhook events we have applied, keyed by the sender's event id.
CREATE TABLE processed_events (
    source        text NOT NULL,
    event_id      text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

-- migrate:down
DROP TABLE processed_events;
DROP TABLE door_credentials;
DROP TABLE access_windows;
DROP TABLE access_sync_attempts;
DROP TABLE member_access;
DROP TABLE access_changes;
DROP TABLE certifications;
