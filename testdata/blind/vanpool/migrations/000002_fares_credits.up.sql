CREATE TABLE fare_runs (
    id          uuid PRIMARY KEY,
    period      text        NOT NULL,
    pay_date    date        NOT NULL,
    status      text        NOT NULL DEFAULT 'pending',
    requested_by text       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT fare_runs_period_key UNIQUE (period)
);

CREATE TABLE fare_deductions (
    id                 uuid PRIMARY KEY,
    fare_run_id        uuid        NOT NULL REFERENCES fare_runs (id),
    rider_id           uuid        NOT NULL REFERENCES vanpool_riders (id),
    member_id          uuid        NOT NULL REFERENCES members (id),
    period             text        NOT NULL,
    gross_cents        bigint      NOT NULL,
    credit_cents       bigint      NOT NULL DEFAULT 0,
    status             text        NOT NULL DEFAULT 'pending',
    provider_deduction_id text,
    failure_reason     text,
    submitted_at       timestamptz,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT fare_deductions_rider_period_key UNIQUE (rider_id, period),
    CONSTRAINT fare_deductions_credit_check CHECK (credit_cents >= 0 AND credit_cents <= gross_cents)
);

CREATE TABLE deduction_status_history (
    id            uuid PRIMARY KEY,
    deduction_id  uuid        NOT NULL REFERENCES fare_deductions (id),
    status        text        NOT NULL,
    detail        text,
    recorded_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payroll_adjustments (
    id                     uuid PRIMARY KEY,
    rider_id               uuid        NOT NULL REFERENCES vanpool_riders (id),
    member_id              uuid        NOT NULL REFERENCES members (id),
    period                 text        NOT NULL,
    amount_cents           bigint      NOT NULL,
    reason                 text        NOT NULL,
    status                 text        NOT NULL DEFAULT 'pending',
    provider_adjustment_id text,
    created_at             timestamptz NOT NULL DEFAULT now(),
    submitted_at           timestamptz
);

CREATE TABLE payroll_webhook_events (
    event_id     text PRIMARY KEY,
    event_type   text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- Ride credits: missed rides reported by riders, plus goodwill grants.
CREATE TABLE ride_credits (
    id            uuid PRIMARY KEY,
    member_id     uuid        NOT NULL REFERENCES members (id),
    rider_id      uuid        REFERENCES vanpool_riders (id),
    source        text        NOT NULL,
    ride_date     date,
    direction     text,
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    note          text,
    status        text        NOT NULL DEFAULT 'open',
    applied_to    uuid        REFERENCES fare_deductions (id),
    expires_at    timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ride_credits_status_check CHECK (status IN ('open', 'applied', 'void', 'expired'))
);

CREATE INDEX ride_credits_member_open_idx ON ride_credits (member_id) WHERE status = 'open';
