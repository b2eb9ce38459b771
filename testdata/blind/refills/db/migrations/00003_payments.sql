-- +goose Up
CREATE TABLE payments (
    id                       uuid PRIMARY KEY,
    refill_id                uuid        NOT NULL REFERENCES refill_requests (id),
    patient_id               uuid        NOT NULL REFERENCES patients (id),
    purpose                  text        NOT NULL,
    amount_cents             bigint      NOT NULL CHECK (amount_cents >= 0),
    refunded_cents           bigint      NOT NULL DEFAULT 0,
    currency                 text        NOT NULL DEFAULT 'usd',
    status                   text        NOT NULL,
    stripe_payment_intent_id text,
    failure_code             text        NOT NULL DEFAULT '',
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_refill_purpose_key UNIQUE (refill_id, purpose)
);

CREATE UNIQUE INDEX payments_payment_intent_key
    ON payments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;

-- Patient-initiated retries of a declined copay (new card). One row per
-- client idempotency key.
CREATE TABLE payment_attempts (
    id                       uuid PRIMARY KEY,
    payment_id               uuid        NOT NULL REFERENCES payments (id),
    client_key               text        NOT NULL,
    payment_method_id        text        NOT NULL,
    stripe_payment_intent_id text,
    status                   text        NOT NULL,
    failure_code             text        NOT NULL DEFAULT '',
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payment_attempts_client_key UNIQUE (payment_id, client_key)
);

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    payment_id       uuid        NOT NULL REFERENCES payments (id),
    stripe_refund_id text,
    amount_cents     bigint      NOT NULL,
    reason           text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX refunds_stripe_refund_key
    ON refunds (stripe_refund_id) WHERE stripe_refund_id IS NOT NULL;

-- Patient balance ledger, reconciled monthly against Stripe payouts.
CREATE TABLE ledger_entries (
    id           uuid PRIMARY KEY,
    patient_id   uuid        NOT NULL REFERENCES patients (id),
    payment_id   uuid REFERENCES payments (id),
    kind         text        NOT NULL,
    amount_cents bigint      NOT NULL,
    external_ref text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_patient_idx ON ledger_entries (patient_id, created_at);

CREATE TABLE disputes (
    id                uuid PRIMARY KEY,
    payment_id        uuid REFERENCES payments (id),
    stripe_dispute_id text        NOT NULL,
    amount_cents      bigint      NOT NULL,
    reason            text        NOT NULL,
    status            text        NOT NULL,
    opened_at         timestamptz NOT NULL
);

CREATE INDEX disputes_stripe_dispute_idx ON disputes (stripe_dispute_id);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE disputes;
DROP TABLE ledger_entries;
DROP TABLE refunds;
DROP TABLE payment_attempts;
DROP TABLE payments;
