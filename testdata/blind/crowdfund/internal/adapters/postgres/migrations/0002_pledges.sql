-- +migrate Up
CREATE TABLE pledges (
    id                 uuid PRIMARY KEY,
    campaign_id        uuid NOT NULL REFERENCES campaigns(id),
    backer_id          uuid NOT NULL REFERENCES backers(id),
    tier_id            uuid REFERENCES reward_tiers(id),
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    currency           char(3) NOT NULL,
    status             text NOT NULL,
    customer_ref       text NOT NULL,
    payment_method     text NOT NULL,
    payment_intent_id  text UNIQUE,
    idempotency_key    text NOT NULL,
    captured_at        timestamptz,
    cancelled_at       timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (backer_id, idempotency_key)
);
CREATE INDEX pledges_campaign_status_idx ON pledges (campaign_id, status);

CREATE TABLE addon_items (
    campaign_id uuid NOT NULL REFERENCES campaigns(id),
    sku         text NOT NULL,
    title       text NOT NULL,
    unit_cents  bigint NOT NULL CHECK (unit_cents > 0),
    PRIMARY KEY (campaign_id, sku)
);

CREATE TABLE pledge_addons (
    id          uuid PRIMARY KEY,
    pledge_id   uuid NOT NULL REFERENCES pledges(id),
    sku         text NOT NULL,
    quantity    integer NOT NULL CHECK (quantity > 0),
    unit_cents  bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pledge_addons_pledge_idx ON pledge_addons (pledge_id);

CREATE TABLE pledge_adjustments (
    id          uuid PRIMARY KEY,
    pledge_id   uuid NOT NULL REFERENCES pledges(id),
    delta_cents bigint NOT NULL,
    reason      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipping_addresses (
    pledge_id    uuid PRIMARY KEY REFERENCES pledges(id),
    name         text NOT NULL,
    line1        text NOT NULL,
    line2        text NOT NULL DEFAULT '',
    city         text NOT NULL,
    region       text NOT NULL DEFAULT '',
    postal_code  text NOT NULL,
    country      char(2) NOT NULL,
    phone        text NOT NULL DEFAULT '',
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    pledge_id        uuid NOT NULL UNIQUE REFERENCES pledges(id),
    amount_cents     bigint NOT NULL,
    reason           text NOT NULL DEFAULT '',
    status           text NOT NULL DEFAULT 'pending',
    stripe_refund_id text,
    requested_by     text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE disputes (
    id                 uuid PRIMARY KEY,
    stripe_dispute_id  text NOT NULL UNIQUE,
    pledge_id          uuid NOT NULL REFERENCES pledges(id),
    amount_cents       bigint NOT NULL,
    reason             text NOT NULL,
    status             text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_records (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    status_code   integer NOT NULL,
    body          bytea NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
