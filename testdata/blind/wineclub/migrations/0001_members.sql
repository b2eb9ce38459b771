-- +migrate Up
CREATE TABLE members (
    id                   TEXT PRIMARY KEY,
    email                TEXT NOT NULL,
    first_name           TEXT NOT NULL,
    last_name            TEXT NOT NULL,
    phone                TEXT,
    birth_date           DATE NOT NULL,
    tier                 TEXT NOT NULL DEFAULT 'classic',
    status               TEXT NOT NULL DEFAULT 'pending_verification',
    ship_state           CHAR(2) NOT NULL,
    address_line1        TEXT NOT NULL,
    address_line2        TEXT,
    city                 TEXT NOT NULL,
    postal_code          TEXT NOT NULL,
    stripe_customer_id   TEXT,
    payment_method_id    TEXT,
    credit_balance_cents BIGINT NOT NULL DEFAULT 0,
    gift_id              TEXT,
    cancelled_at         TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT members_email_key UNIQUE (email),
    CONSTRAINT members_gift_id_key UNIQUE (gift_id)
);

CREATE TABLE idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    resource_id   TEXT,
    status_code   INT,
    response_body BYTEA,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE age_verifications (
    member_id       TEXT PRIMARY KEY REFERENCES members (id),
    vendor_check_id TEXT NOT NULL,
    outcome         TEXT NOT NULL,
    score           NUMERIC(5, 2),
    checked_at      TIMESTAMPTZ NOT NULL
);

CREATE TABLE member_credits (
    id           UUID PRIMARY KEY,
    member_id    TEXT NOT NULL REFERENCES members (id),
    amount_cents BIGINT NOT NULL,
    source       TEXT NOT NULL,
    reason       TEXT,
    issued_by    TEXT,
    status       TEXT NOT NULL DEFAULT 'open',
    expires_at   TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX member_credits_member_idx ON member_credits (member_id);
CREATE INDEX member_credits_expiry_idx ON member_credits (status, expires_at);

CREATE TABLE referral_bonuses (
    id                 UUID PRIMARY KEY,
    referrer_id        TEXT NOT NULL REFERENCES members (id),
    referred_member_id TEXT NOT NULL REFERENCES members (id),
    amount_cents       BIGINT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT referral_bonuses_referred_key UNIQUE (referred_member_id)
);
