CREATE TABLE pass_plans (
    code            TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    price_cents     BIGINT NOT NULL,
    minutes         INT NOT NULL,
    validity_days   INT NOT NULL,
    active          BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE ride_passes (
    id                  UUID PRIMARY KEY,
    rider_id            UUID NOT NULL REFERENCES riders (id),
    plan_code           TEXT NOT NULL REFERENCES pass_plans (code),
    minutes_total       INT NOT NULL,
    minutes_remaining   INT NOT NULL CHECK (minutes_remaining >= 0),
    status              TEXT NOT NULL CHECK (status IN ('active', 'expired')),
    payment_intent_id   TEXT UNIQUE,
    purchased_at        TIMESTAMPTZ NOT NULL,
    expires_at          TIMESTAMPTZ NOT NULL
);

CREATE INDEX ride_passes_rider_active_idx ON ride_passes (rider_id, expires_at) WHERE status = 'active';

CREATE TABLE ride_charges (
    ride_id             UUID PRIMARY KEY REFERENCES rides (id),
    amount_cents        BIGINT NOT NULL,
    pass_minutes_used   INT NOT NULL DEFAULT 0,
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'covered')),
    payment_intent_id   TEXT UNIQUE,
    failure_code        TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per attempt at a provider call, kept for support and reconciliation.
CREATE TABLE charge_attempts (
    id              UUID PRIMARY KEY,
    subject_kind    TEXT NOT NULL,
    subject_id      TEXT NOT NULL,
    attempt         INT NOT NULL,
    outcome         TEXT NOT NULL,
    detail          TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX charge_attempts_subject_idx ON charge_attempts (subject_kind, subject_id);

CREATE TABLE stripe_events (
    event_id      TEXT PRIMARY KEY,
    event_type    TEXT NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    stripe_refund_id    TEXT PRIMARY KEY,
    payment_intent_id   TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    subject_kind        TEXT NOT NULL,
    subject_id          TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
