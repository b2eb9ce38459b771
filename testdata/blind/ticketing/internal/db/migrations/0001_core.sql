-- Core commerce schema: organisers, events, seat inventory, holds, orders.

CREATE TABLE organisers (
    id                 text PRIMARY KEY,
    name               text NOT NULL,
    contact_email      text NOT NULL,
    stripe_account_id  text,
    webhook_url        text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organiser_balances (
    organiser_id     text PRIMARY KEY REFERENCES organisers (id),
    available_cents  bigint NOT NULL DEFAULT 0,
    refunded_cents   bigint NOT NULL DEFAULT 0,
    paid_out_cents   bigint NOT NULL DEFAULT 0,
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
    id             text PRIMARY KEY,
    organiser_id   text NOT NULL REFERENCES organisers (id),
    name           text NOT NULL,
    venue          text NOT NULL,
    starts_at      timestamptz NOT NULL,
    currency       text NOT NULL DEFAULT 'gbp',
    status         text NOT NULL DEFAULT 'on_sale', -- on_sale | sold_out | cancelled | completed
    cancelled_at   timestamptz,
    cancel_reason  text
);

CREATE TABLE fans (
    id          text PRIMARY KEY,
    email       text NOT NULL UNIQUE,
    phone       text,
    full_name   text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE event_seats (
    event_id     text NOT NULL REFERENCES events (id),
    seat_id      text NOT NULL,
    section      text NOT NULL,
    price_cents  bigint NOT NULL,
    status       text NOT NULL DEFAULT 'available', -- available | held | sold | partner
    hold_id      text,
    PRIMARY KEY (event_id, seat_id)
);
CREATE INDEX event_seats_section_idx ON event_seats (event_id, section, status);

CREATE TABLE holds (
    id          text PRIMARY KEY,
    event_id    text NOT NULL REFERENCES events (id),
    fan_id      text NOT NULL REFERENCES fans (id),
    status      text NOT NULL DEFAULT 'active', -- active | released | expired | converted
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX holds_expiry_idx ON holds (expires_at) WHERE status = 'active';

CREATE TABLE hold_seats (
    hold_id      text NOT NULL REFERENCES holds (id),
    event_id     text NOT NULL,
    seat_id      text NOT NULL,
    price_cents  bigint NOT NULL,
    PRIMARY KEY (hold_id, seat_id)
);

-- Caller-supplied Idempotency-Key bookkeeping for the public API.
CREATE TABLE api_idempotency (
    scope            text NOT NULL,
    key              text NOT NULL,
    request_hash     text NOT NULL,
    resource_id      text,
    response_status  integer,
    response_body    bytea,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE orders (
    id                 text PRIMARY KEY,
    hold_id            text NOT NULL UNIQUE REFERENCES holds (id),
    event_id           text NOT NULL REFERENCES events (id),
    fan_id             text NOT NULL REFERENCES fans (id),
    status             text NOT NULL DEFAULT 'pending_payment', -- pending_payment | paid | refunded | cancelled
    currency           text NOT NULL,
    subtotal_cents     bigint NOT NULL,
    fees_cents         bigint NOT NULL,
    addons_cents       bigint NOT NULL DEFAULT 0,
    total_cents        bigint NOT NULL,
    refunded_cents     bigint NOT NULL DEFAULT 0,
    payment_intent_id  text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz,
    refunded_at        timestamptz
);
CREATE INDEX orders_event_idx ON orders (event_id, status);

CREATE TABLE order_addons (
    id          text PRIMARY KEY,
    order_id    text NOT NULL REFERENCES orders (id),
    sku         text NOT NULL,
    quantity    integer NOT NULL,
    unit_cents  bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Durable intent rows for calls to the payment provider.
CREATE TABLE payment_operations (
    op_id         text PRIMARY KEY,
    order_id      text NOT NULL REFERENCES orders (id),
    kind          text NOT NULL, -- capture | refund
    amount_cents  bigint NOT NULL,
    status        text NOT NULL DEFAULT 'pending', -- pending | succeeded | failed
    provider_ref  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz
);

-- Append-only log of every attempt made against the provider (support tooling).
CREATE TABLE payment_attempt_log (
    id            text PRIMARY KEY,
    op_id         text NOT NULL,
    trace_id      text NOT NULL,
    outcome       text NOT NULL,
    attempted_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    stripe_refund_id  text PRIMARY KEY,
    order_id          text NOT NULL REFERENCES orders (id),
    amount_cents      bigint NOT NULL,
    reason            text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

-- Inbox of relayed provider webhooks already handled.
CREATE TABLE webhook_inbox (
    message_id    text PRIMARY KEY,
    source        text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);
