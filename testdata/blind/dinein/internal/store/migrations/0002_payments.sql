-- Card payments, refunds, restaurant ledger and payouts.

CREATE TABLE payment_attempts (
    id                        uuid PRIMARY KEY,
    order_id                  uuid        NOT NULL UNIQUE REFERENCES orders(id),
    amount_cents              bigint      NOT NULL,
    currency                  text        NOT NULL,
    status                    text        NOT NULL DEFAULT 'pending',
    stripe_payment_intent_id  text        UNIQUE,
    failure_code              text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tips (
    id                        text PRIMARY KEY,
    order_id                  uuid        NOT NULL REFERENCES orders(id),
    amount_cents              bigint      NOT NULL,
    stripe_payment_intent_id  text        NOT NULL,
    forwarded_at              timestamptz,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tips_order_idx ON tips (order_id);

CREATE TABLE refunds (
    id                uuid PRIMARY KEY,
    order_id          uuid        NOT NULL REFERENCES orders(id),
    reason            text        NOT NULL,
    amount_cents      bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'pending',
    stripe_refund_id  text        UNIQUE,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, reason)
);

-- Partial refunds for missing or wrong items.
CREATE TABLE order_adjustments (
    id                uuid PRIMARY KEY,
    order_id          uuid        NOT NULL REFERENCES orders(id),
    menu_item_id      uuid        NOT NULL,
    quantity          integer     NOT NULL,
    amount_cents      bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'pending',
    stripe_refund_id  text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, menu_item_id)
);

CREATE TABLE restaurant_ledger (
    id              uuid PRIMARY KEY,
    restaurant_id   uuid        NOT NULL REFERENCES restaurants(id),
    order_id        uuid,
    entry_type      text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    payout_id       uuid,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX restaurant_ledger_unpaid_idx ON restaurant_ledger (restaurant_id, created_at) WHERE payout_id IS NULL;
CREATE UNIQUE INDEX restaurant_ledger_sale_idx ON restaurant_ledger (order_id) WHERE entry_type = 'sale';

CREATE TABLE payouts (
    id                  uuid PRIMARY KEY,
    restaurant_id       uuid        NOT NULL REFERENCES restaurants(id),
    period_start        date        NOT NULL,
    period_end          date        NOT NULL,
    amount_cents        bigint      NOT NULL,
    status              text        NOT NULL DEFAULT 'pending',
    stripe_transfer_id  text        UNIQUE,
    created_at          timestamptz NOT NULL DEFAULT now(),
    paid_at             timestamptz,
    UNIQUE (restaurant_id, period_start)
);

CREATE TABLE disputes (
    stripe_dispute_id   text PRIMARY KEY,
    order_id            uuid        NOT NULL REFERENCES orders(id),
    amount_cents        bigint      NOT NULL,
    reason              text        NOT NULL,
    status              text        NOT NULL,
    evidence_due_by     timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now()
);

-- Stripe webhook events that have been applied.
CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);
