-- +goose Up
CREATE TABLE packages (
    id           text PRIMARY KEY,
    name         text NOT NULL,
    credits      integer NOT NULL,
    price_cents  bigint NOT NULL,
    currency     text NOT NULL DEFAULT 'usd',
    valid_days   integer NOT NULL DEFAULT 180,
    active       boolean NOT NULL DEFAULT true
);

CREATE TABLE package_purchases (
    id                        uuid PRIMARY KEY,
    student_id                uuid NOT NULL REFERENCES students (id),
    package_id                text NOT NULL REFERENCES packages (id),
    idempotency_key           text NOT NULL,
    status                    text NOT NULL DEFAULT 'pending',
    stripe_payment_intent_id  text NOT NULL DEFAULT '',
    client_secret             text NOT NULL DEFAULT '',
    amount_cents              bigint NOT NULL,
    currency                  text NOT NULL,
    credits                   integer NOT NULL,
    expires_at                timestamptz,
    created_at                timestamptz NOT NULL DEFAULT now(),
    UNIQUE (student_id, idempotency_key)
);
CREATE INDEX package_purchases_pi_idx ON package_purchases (stripe_payment_intent_id);

-- Append-only credit ledger. A student's balance is SUM(delta).
CREATE TABLE credit_ledger (
    id           uuid PRIMARY KEY,
    student_id   uuid NOT NULL REFERENCES students (id),
    purchase_id  uuid REFERENCES package_purchases (id),
    lesson_id    uuid REFERENCES lessons (id),
    delta        integer NOT NULL,
    reason       text NOT NULL,
    note         text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_student_idx ON credit_ledger (student_id);

CREATE TABLE refunds (
    id                text PRIMARY KEY,
    lesson_id         uuid NOT NULL REFERENCES lessons (id),
    purchase_id       uuid NOT NULL REFERENCES package_purchases (id),
    stripe_refund_id  text NOT NULL,
    amount_cents      bigint NOT NULL,
    status            text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_stripe_events (
    event_id      text PRIMARY KEY,
    event_type    text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tutor_earnings (
    id            uuid PRIMARY KEY,
    tutor_id      uuid NOT NULL REFERENCES tutors (id),
    lesson_id     uuid NOT NULL REFERENCES lessons (id),
    amount_cents  bigint NOT NULL,
    payout_id     text,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tutor_earnings_unpaid_idx ON tutor_earnings (tutor_id) WHERE payout_id IS NULL;

CREATE TABLE payout_batches (
    id          text PRIMARY KEY,
    started_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    status      text NOT NULL DEFAULT 'running'
);

CREATE TABLE payouts (
    id                  text PRIMARY KEY,
    batch_id            text NOT NULL REFERENCES payout_batches (id),
    tutor_id            uuid NOT NULL REFERENCES tutors (id),
    amount_cents        bigint NOT NULL,
    currency            text NOT NULL,
    stripe_transfer_id  text NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payout_items (
    payout_id    text NOT NULL REFERENCES payouts (id),
    earning_id   uuid NOT NULL REFERENCES tutor_earnings (id),
    amount_cents bigint NOT NULL,
    PRIMARY KEY (payout_id, earning_id)
);

CREATE TABLE idempotency_keys (
    scope        text NOT NULL,
    key          text NOT NULL,
    response     jsonb,
    status_code  integer,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE idempotency_keys;
DROP TABLE payout_items;
DROP TABLE payouts;
DROP TABLE payout_batches;
DROP TABLE tutor_earnings;
DROP TABLE processed_stripe_events;
DROP TABLE refunds;
DROP TABLE credit_ledger;
DROP TABLE package_purchases;
DROP TABLE packages;
