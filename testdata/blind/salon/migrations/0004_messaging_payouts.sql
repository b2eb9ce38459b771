-- Outbound messages, delivery receipts, opt-outs, commission and payouts.

CREATE TABLE messages (
    id                  uuid PRIMARY KEY,
    client_id           uuid        REFERENCES clients (id),
    channel             text        NOT NULL CHECK (channel IN ('sms', 'email')),
    template            text        NOT NULL,
    ref                 text        NOT NULL,
    recipient           text        NOT NULL,
    body                text        NOT NULL DEFAULT '',
    status              text        NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'suppressed')),
    provider_message_id text,
    error_code          text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    sent_at             timestamptz,
    delivered_at        timestamptz
);

CREATE UNIQUE INDEX messages_template_ref_uq ON messages (template, ref);
CREATE INDEX messages_provider_message_idx ON messages (provider_message_id);

CREATE TABLE message_receipts (
    provider_receipt_id text PRIMARY KEY,
    provider_message_id text        NOT NULL,
    status              text        NOT NULL,
    error_code          text,
    occurred_at         timestamptz NOT NULL,
    received_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sms_opt_outs (
    phone      text PRIMARY KEY,
    keyword    text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commission_entries (
    appointment_id uuid PRIMARY KEY REFERENCES appointments (id),
    stylist_id     uuid        NOT NULL REFERENCES stylists (id),
    amount_cents   bigint      NOT NULL,
    payout_id      uuid,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX commission_entries_unpaid_idx ON commission_entries (stylist_id) WHERE payout_id IS NULL;

CREATE TABLE stylist_balances (
    stylist_id      uuid PRIMARY KEY REFERENCES stylists (id),
    pending_cents   bigint      NOT NULL DEFAULT 0,
    available_cents bigint      NOT NULL DEFAULT 0,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                   uuid PRIMARY KEY,
    stylist_id           uuid        NOT NULL REFERENCES stylists (id),
    kind                 text        NOT NULL CHECK (kind IN ('weekly', 'instant')),
    period_start         date,
    amount_cents         bigint      NOT NULL CHECK (amount_cents > 0),
    fee_cents            bigint      NOT NULL DEFAULT 0,
    status               text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
    provider_transfer_id text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payouts_weekly_period_uq
    ON payouts (stylist_id, period_start)
    WHERE kind = 'weekly';
