CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE members (
    id                 uuid PRIMARY KEY,
    email              text NOT NULL,
    full_name          text NOT NULL,
    phone              text,
    stripe_customer_id text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_email_key ON members (lower(email));
CREATE UNIQUE INDEX members_stripe_customer_key ON members (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

CREATE TABLE lounges (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code                 text NOT NULL UNIQUE,
    airport_iata         char(3) NOT NULL,
    name                 text NOT NULL,
    terminal             text,
    capacity             integer NOT NULL CHECK (capacity > 0),
    day_pass_price_cents bigint NOT NULL,
    currency             char(3) NOT NULL DEFAULT 'usd',
    timezone             text NOT NULL DEFAULT 'UTC',
    active               boolean NOT NULL DEFAULT true
);

CREATE TABLE plans (
    code                   text PRIMARY KEY,
    name                   text NOT NULL,
    price_cents            bigint NOT NULL,
    currency               char(3) NOT NULL DEFAULT 'usd',
    period_months          integer NOT NULL CHECK (period_months > 0),
    guest_passes_per_month integer NOT NULL DEFAULT 0,
    guest_pass_price_cents bigint NOT NULL DEFAULT 0,
    stripe_price_id        text
);

CREATE TABLE memberships (
    id                       uuid PRIMARY KEY,
    member_id                uuid NOT NULL REFERENCES members (id),
    plan_code                text NOT NULL REFERENCES plans (code),
    request_key              text NOT NULL,
    status                   text NOT NULL CHECK (status IN ('pending', 'active', 'past_due', 'cancelled', 'expired', 'failed')),
    auto_renew               boolean NOT NULL DEFAULT true,
    started_at               timestamptz,
    expires_at               timestamptz,
    guest_pass_balance       integer NOT NULL DEFAULT 0 CHECK (guest_pass_balance >= 0),
    stripe_payment_intent_id text,
    stripe_subscription_id   text,
    default_payment_method   text,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT memberships_request_key UNIQUE (member_id, request_key)
);
CREATE UNIQUE INDEX memberships_subscription_key ON memberships (stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL;
CREATE INDEX memberships_expiry_idx ON memberships (status, expires_at);

CREATE TABLE membership_cancellations (
    id               uuid PRIMARY KEY,
    membership_id    uuid NOT NULL UNIQUE REFERENCES memberships (id),
    reason           text NOT NULL DEFAULT '',
    refund_cents     bigint NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending', 'refunded', 'no_refund')),
    stripe_refund_id text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    completed_at     timestamptz
);

CREATE TABLE payment_cards (
    id            uuid PRIMARY KEY,
    member_id     uuid NOT NULL REFERENCES members (id),
    fingerprint   text NOT NULL,
    network_token text NOT NULL,
    brand         text NOT NULL,
    last4         char(4) NOT NULL,
    benefit_tier  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payment_cards_member_fingerprint UNIQUE (member_id, fingerprint)
);
CREATE UNIQUE INDEX payment_cards_token_key ON payment_cards (network_token);

CREATE TABLE day_passes (
    id                       uuid PRIMARY KEY,
    member_id                uuid REFERENCES members (id),
    lounge_id                uuid NOT NULL REFERENCES lounges (id),
    purchase_ref             text NOT NULL,
    status                   text NOT NULL CHECK (status IN ('pending', 'active', 'used', 'expired', 'refund_pending', 'refunded', 'failed')),
    price_cents              bigint NOT NULL,
    currency                 char(3) NOT NULL,
    valid_from               timestamptz NOT NULL,
    valid_until              timestamptz NOT NULL,
    flight_number            text,
    flight_date              date,
    corporate_batch_id       uuid,
    stripe_payment_intent_id text,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT day_passes_purchase_ref UNIQUE (member_id, purchase_ref)
);
CREATE INDEX day_passes_flight_idx ON day_passes (flight_number, flight_date) WHERE status = 'active';
CREATE INDEX day_passes_validity_idx ON day_passes (status, valid_until);
