-- Deposits, refunds and no-show charges.

CREATE TABLE deposits (
    id                       TEXT PRIMARY KEY,
    booking_id               TEXT        NOT NULL UNIQUE REFERENCES bookings (id),
    amount_cents             BIGINT      NOT NULL,
    currency                 TEXT        NOT NULL,
    status                   TEXT        NOT NULL,
    stripe_payment_intent_id TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX deposits_payment_intent_idx
    ON deposits (stripe_payment_intent_id)
    WHERE stripe_payment_intent_id IS NOT NULL;

-- One row per attempt to collect a deposit, for support tooling.
CREATE TABLE payment_attempts (
    id           TEXT PRIMARY KEY,
    deposit_id   TEXT        NOT NULL REFERENCES deposits (id),
    outcome      TEXT        NOT NULL,
    error_detail TEXT,
    attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    booking_id       TEXT        NOT NULL UNIQUE REFERENCES bookings (id),
    deposit_id       TEXT        NOT NULL REFERENCES deposits (id),
    amount_cents     BIGINT      NOT NULL,
    reason           TEXT        NOT NULL,
    status           TEXT        NOT NULL,
    stripe_refund_id TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE no_show_charges (
    booking_id               TEXT PRIMARY KEY REFERENCES bookings (id),
    amount_cents             BIGINT      NOT NULL,
    stripe_payment_intent_id TEXT,
    status                   TEXT        NOT NULL,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Stripe webhook events we have already handled.
CREATE TABLE processed_stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
