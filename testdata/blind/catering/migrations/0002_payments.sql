-- +migrate Up

CREATE TABLE payments (
    id                        uuid PRIMARY KEY,
    event_id                  uuid        NOT NULL REFERENCES events (id),
    purpose                   text        NOT NULL,
    amount_cents              bigint      NOT NULL,
    currency                  text        NOT NULL,
    status                    text        NOT NULL DEFAULT 'pending',
    attempt_key               text        NOT NULL,
    stripe_payment_intent_id  text,
    failure_code              text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_stripe_pi_key UNIQUE (stripe_payment_intent_id)
);

-- One deposit per event; balance payments may take several attempts.
CREATE UNIQUE INDEX payments_one_deposit_per_event ON payments (event_id) WHERE purpose = 'deposit';

CREATE TABLE stripe_webhook_events (
    event_id      text PRIMARY KEY,
    type          text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cancellations (
    event_id      uuid PRIMARY KEY REFERENCES events (id),
    reason        text        NOT NULL,
    requested_by  text        NOT NULL,
    refund_cents  bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    event_id         uuid        NOT NULL REFERENCES events (id),
    payment_id       uuid        NOT NULL REFERENCES payments (id),
    amount_cents     bigint      NOT NULL,
    status           text        NOT NULL DEFAULT 'pending',
    stripe_refund_id text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refunds_payment_key UNIQUE (payment_id),
    CONSTRAINT refunds_stripe_refund_key UNIQUE (stripe_refund_id)
);

CREATE TABLE commissions (
    id            uuid PRIMARY KEY,
    venue_id      uuid        NOT NULL REFERENCES venues (id),
    event_id      uuid        NOT NULL REFERENCES events (id),
    amount_cents  bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'accrued',
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT commissions_event_key UNIQUE (event_id)
);

CREATE TABLE commission_adjustments (
    id            uuid PRIMARY KEY,
    venue_id      uuid        NOT NULL REFERENCES venues (id),
    event_id      uuid        NOT NULL REFERENCES events (id),
    amount_cents  bigint      NOT NULL,
    reason        text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE venue_payouts (
    id                  uuid PRIMARY KEY,
    venue_id            uuid        NOT NULL REFERENCES venues (id),
    period              text        NOT NULL,
    amount_cents        bigint      NOT NULL,
    currency            text        NOT NULL DEFAULT 'gbp',
    status              text        NOT NULL DEFAULT 'pending',
    stripe_transfer_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    paid_at             timestamptz,
    CONSTRAINT venue_payouts_period_key UNIQUE (venue_id, period)
);
