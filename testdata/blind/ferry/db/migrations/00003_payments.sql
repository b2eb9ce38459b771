-- +goose Up
CREATE TABLE settlement_batches (
    id             uuid PRIMARY KEY,
    business_date  date NOT NULL UNIQUE,
    gross_cents    bigint NOT NULL,
    refunds_cents  bigint NOT NULL,
    net_cents      bigint NOT NULL,
    payment_count  integer NOT NULL,
    refund_count   integer NOT NULL,
    currency       text NOT NULL,
    journal_id     text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id                       uuid PRIMARY KEY,
    booking_id               uuid NOT NULL REFERENCES bookings (id),
    amount_cents             bigint NOT NULL CHECK (amount_cents > 0),
    currency                 text NOT NULL,
    status                   text NOT NULL DEFAULT 'pending'
                             CHECK (status IN ('pending', 'succeeded', 'failed')),
    stripe_payment_intent_id text UNIQUE,
    failure_code             text,
    settlement_batch_id      uuid REFERENCES settlement_batches (id),
    succeeded_at             timestamptz,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now()
);

-- At most one live payment attempt per booking; failed attempts are kept.
CREATE UNIQUE INDEX payments_open_per_booking ON payments (booking_id)
    WHERE status IN ('pending', 'succeeded');

CREATE TABLE refunds (
    id                  uuid PRIMARY KEY,
    booking_id          uuid NOT NULL REFERENCES bookings (id),
    payment_id          uuid NOT NULL REFERENCES payments (id),
    request_key         text NOT NULL UNIQUE,
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    reason              text NOT NULL
                        CHECK (reason IN ('sailing_cancelled', 'booking_cancelled', 'goodwill')),
    note                text,
    status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'succeeded', 'failed')),
    stripe_refund_id    text UNIQUE,
    settlement_batch_id uuid REFERENCES settlement_batches (id),
    succeeded_at        timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refunds_booking_idx ON refunds (booking_id);

CREATE TABLE settlement_runs (
    id            uuid PRIMARY KEY,
    business_date date NOT NULL,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz,
    outcome       text
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE settlement_runs;
DROP TABLE refunds;
DROP TABLE payments;
DROP TABLE settlement_batches;
