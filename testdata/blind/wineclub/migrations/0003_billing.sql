-- +migrate Up
CREATE TABLE charges (
    id                TEXT PRIMARY KEY,
    allocation_id     UUID NOT NULL REFERENCES allocations (id),
    member_id         TEXT NOT NULL REFERENCES members (id),
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'usd',
    status            TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id TEXT,
    failure_code      TEXT,
    refunded_cents    BIGINT NOT NULL DEFAULT 0,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT charges_allocation_key UNIQUE (allocation_id),
    CONSTRAINT charges_payment_intent_key UNIQUE (payment_intent_id)
);

CREATE TABLE refunds (
    id               UUID PRIMARY KEY,
    charge_id        TEXT NOT NULL REFERENCES charges (id),
    stripe_refund_id TEXT NOT NULL,
    amount_cents     BIGINT NOT NULL,
    reason           TEXT,
    requested_by     TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT refunds_stripe_refund_key UNIQUE (stripe_refund_id)
);

CREATE TABLE webhook_events (
    provider    TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE gift_memberships (
    id                TEXT PRIMARY KEY,
    order_ref         TEXT NOT NULL,
    code              TEXT NOT NULL,
    purchaser_name    TEXT NOT NULL,
    purchaser_email   TEXT NOT NULL,
    purchaser_phone   TEXT,
    recipient_name    TEXT NOT NULL,
    recipient_email   TEXT NOT NULL,
    tier              TEXT NOT NULL,
    quarters          INT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending_payment',
    payment_intent_id TEXT,
    start_date        DATE NOT NULL,
    redeemed_member   TEXT,
    redeemed_at       TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT gift_memberships_order_ref_key UNIQUE (order_ref),
    CONSTRAINT gift_memberships_code_key UNIQUE (code)
);
