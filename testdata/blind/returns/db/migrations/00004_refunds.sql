-- +goose Up
CREATE TABLE refunds (
    id                text PRIMARY KEY,
    return_id         text NOT NULL REFERENCES returns (id),
    amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
    currency          text NOT NULL,
    reason            text NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    stripe_refund_id  text NOT NULL DEFAULT '',
    failure_reason    text NOT NULL DEFAULT '',
    requested_by      text NOT NULL DEFAULT 'system',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A return gets at most one inspection-driven refund; agent adjustments are
-- free-form.
CREATE UNIQUE INDEX refunds_one_inspection_refund ON refunds (return_id) WHERE reason = 'inspection';
CREATE INDEX refunds_stripe_idx ON refunds (stripe_refund_id);

CREATE TABLE store_credits (
    id                   text PRIMARY KEY,
    return_id            text REFERENCES returns (id),
    customer_id          text NOT NULL,
    stripe_customer_id   text NOT NULL,
    stripe_txn_id        text NOT NULL,
    amount_cents         bigint NOT NULL,
    currency             text NOT NULL,
    reason               text NOT NULL,
    granted_by           text NOT NULL DEFAULT 'system',
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX store_credits_customer_idx ON store_credits (customer_id, created_at);
CREATE UNIQUE INDEX store_credits_one_per_return ON store_credits (return_id) WHERE return_id IS NOT NULL;

-- Stripe webhook events already applied.
CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    type         text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE store_credits;
DROP TABLE refunds;
