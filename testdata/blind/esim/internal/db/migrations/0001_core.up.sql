CREATE TABLE customers (
    id          uuid PRIMARY KEY,
    email       text NOT NULL UNIQUE,
    phone_e164  text NOT NULL,
    push_token  text,
    locale      text NOT NULL DEFAULT 'en',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE resellers (
    id              uuid PRIMARY KEY,
    code            text NOT NULL,
    name            text NOT NULL,
    commission_bps  integer NOT NULL CHECK (commission_bps BETWEEN 0 AND 5000),
    balance_minor   bigint NOT NULL DEFAULT 0,
    currency        char(3) NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT resellers_code_key UNIQUE (code)
);

CREATE TABLE plans (
    sku            text PRIMARY KEY,
    carrier        text NOT NULL,
    name           text NOT NULL,
    region         text NOT NULL,
    data_bytes     bigint NOT NULL,
    validity_days  integer NOT NULL,
    price_minor    bigint NOT NULL,
    currency       char(3) NOT NULL,
    active         boolean NOT NULL DEFAULT true
);

CREATE TABLE orders (
    id            uuid PRIMARY KEY,
    customer_id   uuid NOT NULL REFERENCES customers (id),
    reseller_id   uuid REFERENCES resellers (id),
    plan_sku      text NOT NULL REFERENCES plans (sku),
    carrier       text NOT NULL,
    amount_minor  bigint NOT NULL,
    currency      char(3) NOT NULL,
    status        text NOT NULL,
    promo_code    text,
    payment_method_id text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);

CREATE TABLE idempotency_keys (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    resource_id   text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE promo_codes (
    code          text PRIMARY KEY,
    discount_bps  integer NOT NULL,
    remaining     integer NOT NULL CHECK (remaining >= 0)
);

CREATE TABLE promo_redemptions (
    order_id    uuid PRIMARY KEY REFERENCES orders (id),
    code        text NOT NULL REFERENCES promo_codes (code),
    created_at  timestamptz NOT NULL DEFAULT now()
);
