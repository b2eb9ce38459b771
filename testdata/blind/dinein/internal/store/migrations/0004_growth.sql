-- Customer credit, promos, loyalty and ratings.

CREATE TABLE customer_wallets (
    customer_id     uuid PRIMARY KEY REFERENCES customers(id),
    balance_cents   bigint      NOT NULL DEFAULT 0,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_grants (
    id              text PRIMARY KEY,
    customer_id     uuid        NOT NULL REFERENCES customers(id),
    source          text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    note            text        NOT NULL DEFAULT '',
    granted_by      text        NOT NULL,
    expires_at      timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX credit_grants_customer_idx ON credit_grants (customer_id, created_at DESC);

CREATE TABLE promos (
    id                uuid PRIMARY KEY,
    code              text        NOT NULL UNIQUE,
    amount_cents      bigint      NOT NULL,
    max_redemptions   integer     NOT NULL,
    redeemed_count    integer     NOT NULL DEFAULT 0,
    starts_at         timestamptz NOT NULL,
    expires_at        timestamptz NOT NULL,
    active            boolean     NOT NULL DEFAULT true
);

CREATE TABLE promo_redemptions (
    promo_id      uuid        NOT NULL REFERENCES promos(id),
    customer_id   uuid        NOT NULL REFERENCES customers(id),
    redeemed_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (promo_id, customer_id)
);

CREATE TABLE loyalty_accruals (
    order_id      uuid PRIMARY KEY REFERENCES orders(id),
    customer_id   uuid        NOT NULL REFERENCES customers(id),
    points        integer     NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_balances (
    customer_id   uuid PRIMARY KEY REFERENCES customers(id),
    points        integer     NOT NULL DEFAULT 0,
    tier          text        NOT NULL DEFAULT 'bronze',
    updated_at    timestamptz NOT NULL DEFAULT now()
);
