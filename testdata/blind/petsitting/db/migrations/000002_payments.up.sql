CREATE TABLE deposits (
    booking_id        uuid PRIMARY KEY REFERENCES bookings (id),
    payment_intent_id text NOT NULL UNIQUE,
    amount_cents      bigint NOT NULL,
    currency          text NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    captured_at       timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    booking_id       uuid NOT NULL REFERENCES bookings (id),
    amount_cents     bigint NOT NULL,
    reason           text NOT NULL,
    status           text NOT NULL DEFAULT 'pending',
    stripe_refund_id text,
    completed_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tips (
    id                uuid PRIMARY KEY,
    booking_id        uuid NOT NULL REFERENCES bookings (id),
    request_key       text NOT NULL,
    amount_cents      bigint NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    payment_intent_id text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (booking_id, request_key)
);

CREATE TABLE sitter_earnings (
    id              bigserial PRIMARY KEY,
    sitter_id       uuid NOT NULL REFERENCES sitters (id),
    booking_id      uuid NOT NULL REFERENCES bookings (id),
    kind            text NOT NULL,
    amount_cents    bigint NOT NULL,
    earned_at       timestamptz NOT NULL DEFAULT now(),
    payout_id       text,
    settled_at      timestamptz
);

CREATE INDEX sitter_earnings_unsettled_idx ON sitter_earnings (sitter_id) WHERE payout_id IS NULL;

CREATE TABLE payouts (
    id                 text PRIMARY KEY,
    sitter_id          uuid NOT NULL REFERENCES sitters (id),
    period_start       timestamptz NOT NULL,
    period_end         timestamptz NOT NULL,
    amount_cents       bigint NOT NULL,
    currency           text NOT NULL,
    status             text NOT NULL DEFAULT 'pending',
    stripe_transfer_id text,
    paid_at            timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payouts_sitter_period_idx ON payouts (sitter_id, period_start);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);
