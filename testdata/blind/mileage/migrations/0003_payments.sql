-- 0003: purchased miles and payment gateway events

CREATE TABLE mile_purchases (
    id               uuid PRIMARY KEY,
    member_id        uuid        NOT NULL REFERENCES members (id),
    idempotency_key  text        NOT NULL,
    source           text        NOT NULL DEFAULT 'api',   -- api | auto_topup
    miles            bigint      NOT NULL,
    amount_cents     bigint      NOT NULL,
    currency         char(3)     NOT NULL,
    card_token       text        NOT NULL,
    status           text        NOT NULL DEFAULT 'pending',
    charge_id        text,
    refunded_miles   bigint      NOT NULL DEFAULT 0,
    refunded_cents   bigint      NOT NULL DEFAULT 0,
    failure_code     text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX mile_purchases_idempotency_key ON mile_purchases (member_id, idempotency_key);
CREATE INDEX mile_purchases_charge_idx ON mile_purchases (charge_id);

CREATE TABLE gateway_events (
    event_id     text PRIMARY KEY,
    event_type   text        NOT NULL,
    charge_id    text,
    payload      jsonb       NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);
