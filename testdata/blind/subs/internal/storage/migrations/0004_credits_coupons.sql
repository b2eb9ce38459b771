-- 0004: credits, coupons and balance adjustments (GORM-managed tables)

CREATE TABLE credit_grants (
    id               UUID PRIMARY KEY,
    customer_id      TEXT        NOT NULL REFERENCES customers (id),
    amount_cents     BIGINT      NOT NULL,
    remaining_cents  BIGINT      NOT NULL,
    reason           TEXT        NOT NULL DEFAULT '',
    source           TEXT        NOT NULL DEFAULT 'manual',
    status           TEXT        NOT NULL DEFAULT 'active',
    expires_at       TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX credit_grants_expiry_idx ON credit_grants (expires_at) WHERE status = 'active';

CREATE TABLE credit_ledger (
    id            UUID PRIMARY KEY,
    grant_id      UUID        NOT NULL REFERENCES credit_grants (id),
    customer_id   TEXT        NOT NULL,
    kind          TEXT        NOT NULL,  -- grant | consume | expire
    amount_cents  BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_ledger_expire_once ON credit_ledger (grant_id, kind) WHERE kind = 'expire';

CREATE TABLE coupons (
    id                TEXT PRIMARY KEY,
    code              TEXT        NOT NULL UNIQUE,
    percent_off       INT,
    amount_off_cents  BIGINT,
    credit_cents      BIGINT      NOT NULL DEFAULT 0,
    max_redemptions   INT,
    times_redeemed    INT         NOT NULL DEFAULT 0,
    valid_until       TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Promotional codes can be redeemed more than once by the same customer
-- (e.g. seasonal top-ups), so redemptions are keyed by a surrogate id.
CREATE TABLE coupon_redemptions (
    id            UUID PRIMARY KEY,
    coupon_id     TEXT        NOT NULL REFERENCES coupons (id),
    customer_id   TEXT        NOT NULL REFERENCES customers (id),
    credit_grant  UUID,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE subscription_discounts (
    subscription_id  TEXT        NOT NULL REFERENCES subscriptions (id),
    coupon_id        TEXT        NOT NULL REFERENCES coupons (id),
    applied_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (subscription_id, coupon_id)
);

-- Request ids already handled by the internal AdjustBalance RPC.
CREATE TABLE processed_requests (
    request_id    TEXT PRIMARY KEY,
    operation     TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
