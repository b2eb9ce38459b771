CREATE TABLE payments (
    id                          uuid PRIMARY KEY,
    loan_id                     uuid NOT NULL REFERENCES loans (id),
    method                      text NOT NULL CHECK (method IN ('card', 'cash')),
    purpose                     text NOT NULL CHECK (purpose IN ('renewal', 'redemption', 'interest')),
    amount_cents                bigint NOT NULL CHECK (amount_cents > 0),
    stripe_payment_intent_id    text,
    stripe_charge_id            text,
    cashier_id                  text,
    refunded_at                 timestamptz,
    created_at                  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_payment_intent_uq ON payments (stripe_payment_intent_id)
    WHERE stripe_payment_intent_id IS NOT NULL;
CREATE INDEX payments_charge_idx ON payments (stripe_charge_id) WHERE stripe_charge_id IS NOT NULL;
CREATE INDEX payments_loan_idx ON payments (loan_id);

-- One row per card authorisation we attempt, successful or not. Used by the
-- back office to reconcile declines and disputes against Stripe.
CREATE TABLE payment_attempts (
    id                  uuid PRIMARY KEY,
    loan_id             uuid NOT NULL REFERENCES loans (id),
    purpose             text NOT NULL CHECK (purpose IN ('renewal', 'redemption')),
    amount_cents        bigint NOT NULL,
    idempotency_key     text NOT NULL,
    outcome             text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'succeeded', 'failed')),
    error_message       text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    finished_at         timestamptz
);

CREATE INDEX payment_attempts_loan_idx ON payment_attempts (loan_id, created_at);

CREATE TABLE renewals (
    id                          uuid PRIMARY KEY,
    loan_id                     uuid NOT NULL REFERENCES loans (id),
    payment_id                  uuid REFERENCES payments (id),
    channel                     text NOT NULL CHECK (channel IN ('counter', 'online')),
    interest_paid_cents         bigint NOT NULL,
    previous_due_date           date NOT NULL,
    new_due_date                date NOT NULL,
    stripe_payment_intent_id    text,
    created_at                  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX renewals_loan_idx ON renewals (loan_id);

CREATE TABLE redemptions (
    id              uuid PRIMARY KEY,
    loan_id         uuid NOT NULL REFERENCES loans (id),
    payment_id      uuid NOT NULL REFERENCES payments (id),
    payoff_cents    bigint NOT NULL,
    status          text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'voided')),
    receipt_sent_at timestamptz,
    voided_at       timestamptz,
    void_reason     text,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- A loan can be redeemed once; a voided redemption frees it up again.
CREATE UNIQUE INDEX redemptions_completed_loan_uq ON redemptions (loan_id) WHERE status = 'completed';
