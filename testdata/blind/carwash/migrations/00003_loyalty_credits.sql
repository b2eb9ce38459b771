-- +goose Up
CREATE TABLE loyalty_accounts (
    customer_id     uuid PRIMARY KEY REFERENCES customers (id),
    balance         bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
    lifetime_points bigint NOT NULL DEFAULT 0,
    visits          integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_ledger (
    id          uuid PRIMARY KEY,
    customer_id uuid NOT NULL REFERENCES loyalty_accounts (customer_id),
    wash_id     uuid REFERENCES washes (id),
    reason      text NOT NULL CHECK (reason IN ('earn', 'redeem', 'clawback', 'adjust')),
    points      bigint NOT NULL,
    reference   text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Points are earned once per wash.
CREATE UNIQUE INDEX loyalty_ledger_earn_uq
    ON loyalty_ledger (wash_id)
    WHERE reason = 'earn';

CREATE INDEX loyalty_ledger_customer_idx ON loyalty_ledger (customer_id, created_at DESC);

CREATE TABLE pack_purchases (
    id                  uuid PRIMARY KEY,
    customer_id         uuid NOT NULL REFERENCES customers (id),
    pack_code           text NOT NULL,
    washes              integer NOT NULL CHECK (washes > 0),
    amount_cents        bigint NOT NULL,
    processor_charge_id text NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wash_credits (
    id               uuid PRIMARY KEY,
    customer_id      uuid NOT NULL REFERENCES customers (id),
    source           text NOT NULL CHECK (source IN ('loyalty', 'pack', 'goodwill')),
    program          text NOT NULL,
    pack_purchase_id uuid REFERENCES pack_purchases (id),
    expires_at       timestamptz NOT NULL,
    redeemed_at      timestamptz,
    redeemed_wash_id uuid REFERENCES washes (id),
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX wash_credits_customer_idx ON wash_credits (customer_id) WHERE redeemed_at IS NULL;

-- Responses recorded by the HTTP idempotency middleware.
CREATE TABLE api_idempotent_responses (
    scope        text NOT NULL,
    key          text NOT NULL,
    status_code  integer NOT NULL,
    content_type text NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE api_idempotent_responses;
DROP TABLE wash_credits;
DROP TABLE pack_purchases;
DROP TABLE loyalty_ledger;
DROP TABLE loyalty_accounts;
