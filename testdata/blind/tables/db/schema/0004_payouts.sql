-- Weekly restaurant payouts.

CREATE TABLE restaurant_balances (
    restaurant_id  TEXT PRIMARY KEY REFERENCES restaurants (id),
    pending_cents  BIGINT      NOT NULL DEFAULT 0,
    paid_out_cents BIGINT      NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                 TEXT PRIMARY KEY,
    restaurant_id      TEXT        NOT NULL REFERENCES restaurants (id),
    period_start       DATE        NOT NULL,
    period_end         DATE        NOT NULL,
    gross_cents        BIGINT      NOT NULL,
    fee_cents          BIGINT      NOT NULL,
    adjustments_cents  BIGINT      NOT NULL,
    net_cents          BIGINT      NOT NULL,
    currency           TEXT        NOT NULL,
    status             TEXT        NOT NULL,
    stripe_transfer_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    transferred_at     TIMESTAMPTZ,
    paid_at            TIMESTAMPTZ,
    notified_at        TIMESTAMPTZ,
    UNIQUE (restaurant_id, period_start)
);

CREATE TABLE payout_adjustments (
    id            TEXT PRIMARY KEY,
    restaurant_id TEXT        NOT NULL REFERENCES restaurants (id),
    amount_cents  BIGINT      NOT NULL,
    reason        TEXT        NOT NULL,
    created_by    TEXT        NOT NULL,
    payout_id     TEXT REFERENCES payouts (id),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payout_adjustments_open_idx
    ON payout_adjustments (restaurant_id)
    WHERE payout_id IS NULL;

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    restaurant_id TEXT        NOT NULL REFERENCES restaurants (id),
    payout_id     TEXT REFERENCES payouts (id),
    booking_id    TEXT REFERENCES bookings (id),
    kind          TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_booking_idx ON ledger_entries (booking_id);
