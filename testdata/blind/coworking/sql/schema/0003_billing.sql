-- +goose Up
CREATE TABLE plans (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    stripe_price_id TEXT NOT NULL,
    monthly_cents   BIGINT NOT NULL,
    credit_minutes  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE memberships (
    id                     UUID PRIMARY KEY,
    member_id              UUID NOT NULL REFERENCES members (id),
    plan_id                TEXT NOT NULL REFERENCES plans (id),
    status                 TEXT NOT NULL,
    stripe_subscription_id TEXT UNIQUE,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    cancelled_at           TIMESTAMPTZ
);

CREATE UNIQUE INDEX memberships_one_open_per_member
    ON memberships (member_id) WHERE status IN ('pending', 'active');

CREATE TABLE day_passes (
    id                UUID PRIMARY KEY,
    member_id         UUID NOT NULL REFERENCES members (id),
    pass_date         DATE NOT NULL,
    amount_cents      BIGINT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT day_passes_member_date_key UNIQUE (member_id, pass_date)
);

-- Append-only log of every provider call we make for a payment.
CREATE TABLE payment_attempts (
    id           UUID PRIMARY KEY,
    subject_type TEXT NOT NULL,
    subject_id   TEXT NOT NULL,
    provider_ref TEXT,
    outcome      TEXT NOT NULL,
    detail       TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE one_off_charges (
    id                     UUID PRIMARY KEY,
    member_id              UUID NOT NULL REFERENCES members (id),
    idempotency_key        TEXT NOT NULL UNIQUE,
    description            TEXT NOT NULL,
    amount_cents           BIGINT NOT NULL,
    stripe_invoice_item_id TEXT,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE usage_records (
    id              UUID PRIMARY KEY,
    member_id       UUID NOT NULL REFERENCES members (id),
    room_booking_id UUID NOT NULL UNIQUE REFERENCES room_bookings (id),
    period          TEXT NOT NULL,
    minutes         INTEGER NOT NULL,
    amount_cents    BIGINT NOT NULL,
    billed_at       TIMESTAMPTZ
);

CREATE TABLE invoices (
    id                UUID PRIMARY KEY,
    member_id         UUID NOT NULL REFERENCES members (id),
    period            TEXT NOT NULL,
    stripe_invoice_id TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    status            TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE usage_summaries (
    member_id    UUID NOT NULL REFERENCES members (id),
    period       TEXT NOT NULL,
    desk_days    INTEGER NOT NULL,
    room_minutes INTEGER NOT NULL,
    computed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (member_id, period)
);

CREATE TABLE stripe_webhook_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_webhook_events;
DROP TABLE usage_summaries;
DROP TABLE invoices;
DROP TABLE usage_records;
DROP TABLE one_off_charges;
DROP TABLE payment_attempts;
DROP TABLE day_passes;
DROP TABLE memberships;
DROP TABLE plans;
