-- One row per completed delivery; dispatch's delivery id is the natural key.
CREATE TABLE delivery_earnings (
    id              uuid        PRIMARY KEY,
    delivery_id     text        NOT NULL UNIQUE,
    courier_id      uuid        NOT NULL REFERENCES couriers (id),
    completed_at    timestamptz NOT NULL,
    distance_m      integer     NOT NULL CHECK (distance_m >= 0),
    base_cents      bigint      NOT NULL,
    distance_cents  bigint      NOT NULL,
    surge_cents     bigint      NOT NULL DEFAULT 0,
    payout_id       uuid,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX delivery_earnings_unpaid_idx ON delivery_earnings (courier_id, completed_at)
    WHERE payout_id IS NULL;

CREATE TABLE tips (
    id            uuid        PRIMARY KEY,
    delivery_id   text        NOT NULL,
    courier_id    uuid        NOT NULL REFERENCES couriers (id),
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    source        text        NOT NULL CHECK (source IN ('app', 'cash_reported', 'merchant')),
    tipped_at     timestamptz NOT NULL,
    payout_id     uuid,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tips_delivery_idx ON tips (delivery_id);
CREATE INDEX tips_unpaid_idx ON tips (courier_id, tipped_at) WHERE payout_id IS NULL;

CREATE TABLE earning_adjustments (
    id              uuid        PRIMARY KEY,
    adjustment_ref  text        NOT NULL UNIQUE,
    delivery_id     text        NOT NULL,
    courier_id      uuid        NOT NULL REFERENCES couriers (id),
    reason          text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    effective_at    timestamptz NOT NULL,
    payout_id       uuid,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX earning_adjustments_unpaid_idx ON earning_adjustments (courier_id, effective_at)
    WHERE payout_id IS NULL;

CREATE TABLE bonus_earnings (
    id            uuid        PRIMARY KEY,
    courier_id    uuid        NOT NULL REFERENCES couriers (id),
    campaign      text        NOT NULL,
    delivery_id   text,
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    note          text        NOT NULL DEFAULT '',
    created_by    text        NOT NULL,
    earned_at     timestamptz NOT NULL,
    payout_id     uuid,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bonus_earnings_unpaid_idx ON bonus_earnings (courier_id, earned_at)
    WHERE payout_id IS NULL;

-- Pooled cash tips split by dispatch at the end of a shift.
CREATE TABLE tip_pool_shares (
    id            uuid        PRIMARY KEY,
    pool_id       text        NOT NULL,
    courier_id    uuid        NOT NULL REFERENCES couriers (id),
    amount_cents  bigint      NOT NULL CHECK (amount_cents >= 0),
    closed_at     timestamptz NOT NULL,
    payout_id     uuid,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (pool_id, courier_id)
);
