CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE plans (
    id                      TEXT PRIMARY KEY,
    name                    TEXT NOT NULL,
    monthly_price_cents     BIGINT NOT NULL,
    signup_fee_cents        BIGINT NOT NULL DEFAULT 0,
    currency                TEXT NOT NULL DEFAULT 'usd',
    guest_passes_per_month  INT NOT NULL DEFAULT 0,
    max_freeze_days         INT NOT NULL DEFAULT 60,
    active                  BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE members (
    id                  UUID PRIMARY KEY,
    email               TEXT NOT NULL,
    phone               TEXT NOT NULL DEFAULT '',
    full_name           TEXT NOT NULL,
    home_club_id        TEXT NOT NULL,
    stripe_customer_id  TEXT NOT NULL DEFAULT '',
    sms_opt_in          BOOLEAN NOT NULL DEFAULT TRUE,
    last_check_in_at    TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX members_email_key ON members (lower(email));

CREATE TABLE memberships (
    id              UUID PRIMARY KEY,
    member_id       UUID NOT NULL REFERENCES members (id),
    plan_id         TEXT NOT NULL REFERENCES plans (id),
    status          TEXT NOT NULL CHECK (status IN ('pending_payment', 'active', 'frozen', 'canceled', 'past_due')),
    started_on      DATE NOT NULL,
    next_bill_on    DATE NOT NULL,
    canceled_at     TIMESTAMPTZ,
    cancel_reason   TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX memberships_member_idx ON memberships (member_id);
CREATE INDEX memberships_due_idx ON memberships (next_bill_on) WHERE status = 'active';

-- Keys supplied by API clients in the Idempotency-Key header.
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    key             TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    resource_id     TEXT NOT NULL DEFAULT '',
    response_status INT NOT NULL DEFAULT 0,
    response_body   JSONB,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE payment_intents (
    id                  UUID PRIMARY KEY,
    member_id           UUID NOT NULL REFERENCES members (id),
    purpose             TEXT NOT NULL,
    reference_id        TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    stripe_intent_id    TEXT NOT NULL DEFAULT '',
    failure_code        TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payment_intents_reference_idx ON payment_intents (purpose, reference_id);
CREATE INDEX payment_intents_stripe_idx ON payment_intents (stripe_intent_id);

CREATE TABLE billing_runs (
    membership_id       UUID NOT NULL REFERENCES memberships (id),
    period              TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    attempts            INT NOT NULL DEFAULT 0,
    stripe_intent_id    TEXT NOT NULL DEFAULT '',
    last_error          TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (membership_id, period)
);

CREATE TABLE freezes (
    id              UUID PRIMARY KEY,
    membership_id   UUID NOT NULL REFERENCES memberships (id),
    starts_on       DATE NOT NULL,
    ends_on         DATE NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('scheduled', 'active', 'ended')),
    reason          TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX freezes_membership_idx ON freezes (membership_id);
CREATE INDEX freezes_ending_idx ON freezes (ends_on) WHERE status = 'active';

CREATE TABLE stripe_events (
    event_id        TEXT PRIMARY KEY,
    event_type      TEXT NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
