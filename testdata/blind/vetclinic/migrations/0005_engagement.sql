-- Reminders, outbound notifications, loyalty wallets and settlements.

CREATE TABLE reminders (
    id                   uuid PRIMARY KEY,
    appointment_id       uuid        NOT NULL REFERENCES appointments (id),
    kind                 text        NOT NULL,
    channel              text        NOT NULL DEFAULT 'sms',
    status               text        NOT NULL DEFAULT 'pending',
    provider_message_id  text,
    sent_at              timestamptz,
    delivered_at         timestamptz,
    error                text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT reminders_appointment_kind_key UNIQUE (appointment_id, kind)
);

CREATE UNIQUE INDEX reminders_provider_message_key
    ON reminders (provider_message_id) WHERE provider_message_id IS NOT NULL;

CREATE TABLE notifications (
    id          uuid PRIMARY KEY,
    kind        text        NOT NULL,
    ref_id      text        NOT NULL,
    channel     text        NOT NULL,
    recipient   text        NOT NULL,
    sent_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_ref_key UNIQUE (kind, ref_id, channel)
);

CREATE TABLE loyalty_wallets (
    id              uuid PRIMARY KEY,
    owner_id        uuid        NOT NULL REFERENCES owners (id),
    balance_points  bigint      NOT NULL DEFAULT 0,
    lifetime_points bigint      NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT loyalty_wallets_owner_key UNIQUE (owner_id),
    CONSTRAINT loyalty_wallets_balance_check CHECK (balance_points >= 0)
);

CREATE TABLE loyalty_entries (
    id            text PRIMARY KEY,
    wallet_id     uuid        NOT NULL REFERENCES loyalty_wallets (id),
    points        bigint      NOT NULL,
    reason        text        NOT NULL,
    source_type   text        NOT NULL,
    source_id     text        NOT NULL,
    external_ref  text,
    memo          text        NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX loyalty_entries_external_ref_key
    ON loyalty_entries (external_ref) WHERE external_ref IS NOT NULL;
CREATE INDEX loyalty_entries_wallet_idx ON loyalty_entries (wallet_id, created_at);

CREATE TABLE settlements (
    id                uuid PRIMARY KEY,
    clinic_id         uuid        NOT NULL REFERENCES clinics (id),
    business_date     date        NOT NULL,
    amount_cents      bigint      NOT NULL,
    currency          text        NOT NULL,
    payment_count     integer     NOT NULL,
    status            text        NOT NULL DEFAULT 'pending',
    bank_transfer_id  text,
    sent_at           timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT settlements_clinic_day_key UNIQUE (clinic_id, business_date)
);
