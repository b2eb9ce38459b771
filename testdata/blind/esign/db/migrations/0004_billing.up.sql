CREATE TABLE usage_records (
    id          text PRIMARY KEY,
    account_id  text        NOT NULL REFERENCES accounts (id),
    envelope_id text        NOT NULL REFERENCES envelopes (id),
    quantity    integer     NOT NULL DEFAULT 1 CHECK (quantity > 0),
    unit_cents  integer     NOT NULL CHECK (unit_cents >= 0),
    invoice_id  text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX usage_records_unbilled_idx
    ON usage_records (account_id, created_at)
    WHERE invoice_id IS NULL;

-- Prepaid envelope credits. Positive delta for purchased packs, -1 per
-- envelope that consumed a credit.
CREATE TABLE envelope_credits (
    id         text PRIMARY KEY,
    account_id text        NOT NULL REFERENCES accounts (id),
    delta      integer     NOT NULL,
    reason     text        NOT NULL CHECK (reason IN ('pack', 'consumed', 'adjustment')),
    ref        text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX envelope_credits_consumed_uq
    ON envelope_credits (account_id, ref)
    WHERE reason = 'consumed';

CREATE TABLE charges (
    id                       text PRIMARY KEY,
    account_id               text        NOT NULL REFERENCES accounts (id),
    purpose                  text        NOT NULL CHECK (purpose IN ('envelope', 'invoice', 'pack')),
    envelope_id              text REFERENCES envelopes (id),
    invoice_id               text,
    amount_cents             bigint      NOT NULL CHECK (amount_cents > 0),
    currency                 text        NOT NULL,
    stripe_payment_intent_id text        NOT NULL UNIQUE,
    status                   text        NOT NULL,
    refunded_cents           bigint      NOT NULL DEFAULT 0,
    created_at               timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX charges_envelope_uq
    ON charges (envelope_id)
    WHERE purpose = 'envelope';

CREATE TABLE balance_adjustments (
    id           text PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES accounts (id),
    charge_id    text REFERENCES charges (id),
    amount_cents bigint      NOT NULL,
    reason       text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- Stripe webhook events that have been handled.
CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    type         text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);
