-- Notifications, broadcasts, outbox, settlement.

CREATE TABLE notifications (
    id              UUID PRIMARY KEY,
    kind            TEXT NOT NULL,
    subject_id      TEXT NOT NULL,
    to_phone        TEXT NOT NULL,
    body            TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    provider_msg_id TEXT,
    attempts        INT NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at         TIMESTAMPTZ,
    delivered_at    TIMESTAMPTZ,
    UNIQUE (kind, subject_id)
);

CREATE INDEX notifications_provider_msg ON notifications (provider_msg_id);

CREATE TABLE broadcasts (
    id                UUID PRIMARY KEY,
    title             TEXT NOT NULL,
    body              TEXT NOT NULL,
    audience          TEXT NOT NULL,
    recipient_count   INT NOT NULL,
    provider_batch_id TEXT,
    created_by        TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE outbox_events (
    id           UUID PRIMARY KEY,
    topic        TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE settlement_lines (
    id            BIGSERIAL PRIMARY KEY,
    business_date DATE NOT NULL,
    source_type   TEXT NOT NULL,
    source_id     TEXT NOT NULL,
    account_code  TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    description   TEXT NOT NULL,
    batch_id      UUID,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (source_type, source_id)
);

CREATE INDEX settlement_lines_unbatched ON settlement_lines (business_date) WHERE batch_id IS NULL;

CREATE TABLE settlement_batches (
    id              UUID PRIMARY KEY,
    business_date   DATE NOT NULL UNIQUE,
    status          TEXT NOT NULL DEFAULT 'open',
    line_count      INT NOT NULL DEFAULT 0,
    total_cents     BIGINT NOT NULL DEFAULT 0,
    external_ref    TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    exported_at     TIMESTAMPTZ,
    acknowledged_at TIMESTAMPTZ
);
