CREATE TABLE bundles (
    code          text PRIMARY KEY,
    operator      text NOT NULL,
    description   text NOT NULL,
    data_mb       int NOT NULL,
    validity_days int NOT NULL,
    price_cents   bigint NOT NULL,
    active        boolean NOT NULL DEFAULT true
);

CREATE TABLE bundle_orders (
    id                uuid PRIMARY KEY,
    reference         text NOT NULL,
    customer_id       uuid NOT NULL REFERENCES customers (id),
    msisdn            text NOT NULL,
    bundle_code       text NOT NULL REFERENCES bundles (code),
    price_cents       bigint NOT NULL,
    status            text NOT NULL DEFAULT 'created',
    payment_intent_id text,
    activated_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bundle_orders_reference_idx ON bundle_orders (reference);

CREATE TABLE promo_codes (
    code          text PRIMARY KEY,
    bonus_cents   bigint NOT NULL,
    valid_until   timestamptz NOT NULL,
    max_per_user  int NOT NULL DEFAULT 1
);

CREATE TABLE promo_redemptions (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    promo_code  text NOT NULL REFERENCES promo_codes (code),
    customer_id uuid NOT NULL REFERENCES customers (id),
    bonus_cents bigint NOT NULL,
    redeemed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);
