-- Money movement: deposit holds, charges, refunds and the nightly run.

-- One row per call we make to the card processor on behalf of a
-- reservation; written before the call, completed after it.
CREATE TABLE IF NOT EXISTS payment_operations (
    id           text PRIMARY KEY,
    kind         text NOT NULL,
    subject_id   text NOT NULL,
    intent_id    text NOT NULL DEFAULT '',
    amount_cents bigint NOT NULL DEFAULT 0,
    status       text NOT NULL DEFAULT 'pending',
    created_at   timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz
);

-- Charges requested through the payments FIFO queue.
CREATE TABLE IF NOT EXISTS payments (
    command_id   text PRIMARY KEY,
    customer_id  uuid NOT NULL REFERENCES customers (id),
    subject_type text NOT NULL,
    subject_id   text NOT NULL,
    amount_cents bigint NOT NULL,
    intent_id    text NOT NULL DEFAULT '',
    status       text NOT NULL DEFAULT 'pending',
    error        text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS payments_subject_idx ON payments (subject_type, subject_id);

-- Append-only log of every processing attempt, for support.
CREATE TABLE IF NOT EXISTS payment_attempts (
    id          text PRIMARY KEY,
    command_id  text NOT NULL,
    receive_cnt integer NOT NULL DEFAULT 1,
    started_at  timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS refunds (
    id               text PRIMARY KEY,
    rental_id        uuid NOT NULL REFERENCES rentals (id),
    intent_id        text NOT NULL,
    stripe_refund_id text NOT NULL,
    amount_cents     bigint NOT NULL,
    reason           text NOT NULL,
    issued_by        text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS refunds_rental_idx ON refunds (rental_id);

CREATE TABLE IF NOT EXISTS settlement_runs (
    business_date date PRIMARY KEY,
    submitted     integer NOT NULL,
    finished_at   timestamptz NOT NULL
);
