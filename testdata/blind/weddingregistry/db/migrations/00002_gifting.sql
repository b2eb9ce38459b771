-- +goose Up
CREATE TABLE group_gifts (
    id            text PRIMARY KEY,
    registry_id   text NOT NULL REFERENCES registries (id),
    item_id       text NOT NULL REFERENCES registry_items (id),
    title         text NOT NULL,
    target_cents  bigint NOT NULL CHECK (target_cents > 0),
    funded_cents  bigint NOT NULL DEFAULT 0,
    status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'funded', 'ordering', 'ordered', 'closed')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX group_gifts_registry_idx ON group_gifts (registry_id);

CREATE TABLE purchases (
    id                  text PRIMARY KEY,
    registry_id         text NOT NULL REFERENCES registries (id),
    item_id             text NOT NULL REFERENCES registry_items (id),
    guest_name          text NOT NULL,
    guest_email         text NOT NULL,
    gift_message        text NOT NULL DEFAULT '',
    quantity            integer NOT NULL CHECK (quantity > 0),
    quantity_cancelled  integer NOT NULL DEFAULT 0,
    unit_price_cents    bigint NOT NULL,
    amount_cents        bigint NOT NULL,
    currency            text NOT NULL,
    status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'paid', 'ordered', 'cancelled', 'refunded', 'expired')),
    payment_intent_id   text,
    client_secret       text,
    paid_at             timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT purchases_payment_intent_key UNIQUE (payment_intent_id)
);

CREATE INDEX purchases_registry_idx ON purchases (registry_id, created_at);
CREATE INDEX purchases_pending_idx ON purchases (created_at) WHERE status = 'pending';

-- Guest checkout requests, keyed by the Idempotency-Key header.
CREATE TABLE checkout_requests (
    registry_id      text NOT NULL,
    idempotency_key  text NOT NULL,
    purchase_id      text NOT NULL REFERENCES purchases (id),
    request_hash     text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (registry_id, idempotency_key)
);

CREATE TABLE contributions (
    id                 text PRIMARY KEY,
    registry_id        text NOT NULL REFERENCES registries (id),
    group_gift_id      text REFERENCES group_gifts (id),
    cash_fund_id       text REFERENCES cash_funds (id),
    guest_name         text NOT NULL,
    guest_email        text NOT NULL,
    message            text NOT NULL DEFAULT '',
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    currency           text NOT NULL,
    payment_intent_id  text NOT NULL,
    status             text NOT NULL DEFAULT 'succeeded',
    receipt_sent_at    timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT contributions_target_chk CHECK ((group_gift_id IS NULL) <> (cash_fund_id IS NULL)),
    CONSTRAINT contributions_payment_intent_key UNIQUE (payment_intent_id)
);

CREATE TABLE purchase_cancellations (
    id            text PRIMARY KEY,
    purchase_id   text NOT NULL REFERENCES purchases (id),
    request_key   text NOT NULL,
    quantity      integer NOT NULL CHECK (quantity > 0),
    amount_cents  bigint NOT NULL,
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refunded', 'failed')),
    refund_id     text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT purchase_cancellations_request_key UNIQUE (purchase_id, request_key)
);

CREATE TABLE processed_stripe_events (
    event_id      text PRIMARY KEY,
    event_type    text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE processed_stripe_events;
DROP TABLE purchase_cancellations;
DROP TABLE contributions;
DROP TABLE checkout_requests;
DROP TABLE purchases;
DROP TABLE group_gifts;
