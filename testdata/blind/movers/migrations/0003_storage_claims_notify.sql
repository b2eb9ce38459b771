-- 0003_storage_claims_notify.sql

CREATE TABLE storage_lots (
    id                  UUID PRIMARY KEY,
    booking_id          UUID        NOT NULL UNIQUE REFERENCES bookings (id),
    warehouse           TEXT        NOT NULL,
    vaults              INT         NOT NULL,
    monthly_rate_cents  BIGINT      NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'in_storage',
    started_on          DATE        NOT NULL,
    released_on         DATE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE storage_charges (
    id                  UUID PRIMARY KEY,
    lot_id              UUID        NOT NULL REFERENCES storage_lots (id),
    period              TEXT        NOT NULL,
    amount_cents        BIGINT      NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_charge_id  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (lot_id, period)
);

CREATE TABLE claims (
    id                     TEXT PRIMARY KEY,
    booking_id             UUID        NOT NULL REFERENCES bookings (id),
    source                 TEXT        NOT NULL,
    item_description       TEXT        NOT NULL,
    amount_claimed_cents   BIGINT      NOT NULL,
    amount_approved_cents  BIGINT,
    status                 TEXT        NOT NULL DEFAULT 'open',
    adjuster               TEXT,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX claims_booking_idx ON claims (booking_id);

-- A claim may be paid out in more than one instalment (supplemental payouts).
CREATE TABLE claim_payouts (
    id                  UUID PRIMARY KEY,
    claim_id            TEXT        NOT NULL REFERENCES claims (id),
    task_id             TEXT        NOT NULL UNIQUE,
    amount_cents        BIGINT      NOT NULL,
    provider_payout_id  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id                   UUID PRIMARY KEY,
    booking_id           UUID,
    channel              TEXT        NOT NULL,
    template             TEXT        NOT NULL,
    recipient            TEXT        NOT NULL,
    subject              TEXT,
    body                 TEXT        NOT NULL,
    dedup_key            TEXT        NOT NULL UNIQUE,
    status               TEXT        NOT NULL DEFAULT 'pending',
    provider_message_id  TEXT,
    attempts             INT         NOT NULL DEFAULT 0,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at              TIMESTAMPTZ
);
CREATE INDEX notifications_provider_msg_idx ON notifications (provider_message_id);

CREATE TABLE booking_messages (
    id                   UUID PRIMARY KEY,
    booking_id           UUID        NOT NULL REFERENCES bookings (id),
    client_message_id    TEXT        NOT NULL,
    author               TEXT        NOT NULL,
    body                 TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'pending',
    provider_message_id  TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (booking_id, client_message_id)
);

CREATE TABLE sms_receipts (
    provider_event_id    TEXT PRIMARY KEY,
    provider_message_id  TEXT        NOT NULL,
    status               TEXT        NOT NULL,
    error_code           TEXT,
    received_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
