-- Caddie and coaching marketplace.

CREATE TABLE contractors (
    id                text PRIMARY KEY,
    kind              text        NOT NULL CHECK (kind IN ('caddie', 'coach')),
    full_name         text        NOT NULL,
    email             text        NOT NULL,
    phone             text        NOT NULL DEFAULT '',
    stripe_account_id text        NOT NULL,
    hourly_rate_cents bigint      NOT NULL,
    commission_bps    bigint      NOT NULL,
    active            boolean     NOT NULL DEFAULT true,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT contractors_email_key UNIQUE (email),
    CONSTRAINT contractors_stripe_account_key UNIQUE (stripe_account_id)
);

-- Coaches run group clinics, so several sessions may share a start time.
CREATE TABLE coach_sessions (
    id                text PRIMARY KEY,
    contractor_id     text        NOT NULL REFERENCES contractors (id),
    member_id         text        NOT NULL REFERENCES members (id),
    booking_id        text REFERENCES bookings (id),
    starts_at         timestamptz NOT NULL,
    duration_minutes  integer     NOT NULL,
    price_cents       bigint      NOT NULL,
    currency          text        NOT NULL,
    status            text        NOT NULL,
    payment_intent_id text,
    completed_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX coach_sessions_contractor_idx ON coach_sessions (contractor_id, starts_at);

CREATE TABLE contractor_payouts (
    id            text PRIMARY KEY,
    session_id    text        NOT NULL REFERENCES coach_sessions (id),
    contractor_id text        NOT NULL REFERENCES contractors (id),
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    currency      text        NOT NULL,
    status        text        NOT NULL,
    transfer_id   text,
    paid_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT contractor_payouts_session_key UNIQUE (session_id)
);
