-- migrate:up
CREATE TABLE loyalty_accounts (
    customer_id     uuid PRIMARY KEY,
    points_balance  bigint      NOT NULL DEFAULT 0,
    lifetime_points bigint      NOT NULL DEFAULT 0,
    tier            text        NOT NULL DEFAULT 'green',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_ledger (
    id           uuid PRIMARY KEY,
    customer_id  uuid        NOT NULL REFERENCES loyalty_accounts (customer_id),
    order_id     uuid,
    entry_type   text        NOT NULL,
    points       bigint      NOT NULL,
    reference    text,
    note         text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX loyalty_ledger_reference_key
    ON loyalty_ledger (reference) WHERE reference IS NOT NULL;
CREATE INDEX loyalty_ledger_customer_idx ON loyalty_ledger (customer_id, created_at);

CREATE TABLE loyalty_redemptions (
    id              uuid PRIMARY KEY,
    basket_id       uuid        NOT NULL UNIQUE REFERENCES baskets (id),
    customer_id     uuid        NOT NULL REFERENCES loyalty_accounts (customer_id),
    points          bigint      NOT NULL CHECK (points > 0),
    discount_pence  bigint      NOT NULL,
    status          text        NOT NULL DEFAULT 'applied',
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE loyalty_redemptions;
DROP TABLE loyalty_ledger;
DROP TABLE loyalty_accounts;
