-- +goose Up
CREATE TABLE farmers (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL,
    email                TEXT NOT NULL,
    phone                TEXT,
    bank_beneficiary_id  TEXT,
    balance_cents        BIGINT NOT NULL DEFAULT 0,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE harvest_submissions (
    id               TEXT PRIMARY KEY,
    farmer_id        TEXT NOT NULL REFERENCES farmers (id),
    week_start       DATE NOT NULL,
    crop_code        TEXT NOT NULL REFERENCES products (code),
    quantity_kg      NUMERIC(10, 2) NOT NULL CHECK (quantity_kg > 0),
    unit_price_cents BIGINT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'accepted', 'rejected', 'paid')),
    notes            TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (farmer_id, week_start, crop_code)
);

CREATE TABLE inventory_lots (
    id           TEXT PRIMARY KEY,
    harvest_id   TEXT NOT NULL REFERENCES harvest_submissions (id),
    crop_code    TEXT NOT NULL REFERENCES products (code),
    week_start   DATE NOT NULL,
    quantity_kg  NUMERIC(10, 2) NOT NULL,
    remaining_kg NUMERIC(10, 2) NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX inventory_lots_harvest_idx ON inventory_lots (harvest_id);
CREATE INDEX inventory_lots_week_crop_idx ON inventory_lots (week_start, crop_code);

CREATE TABLE payouts (
    id               TEXT PRIMARY KEY,
    farmer_id        TEXT NOT NULL REFERENCES farmers (id),
    kind             TEXT NOT NULL CHECK (kind IN ('scheduled', 'instant')),
    period_start     DATE,
    period_end       DATE,
    request_key      TEXT,
    amount_cents     BIGINT NOT NULL CHECK (amount_cents > 0),
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'submitted', 'settled', 'returned', 'failed')),
    bank_transfer_id TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payouts_scheduled_period_uq ON payouts (farmer_id, period_start) WHERE kind = 'scheduled';
CREATE UNIQUE INDEX payouts_instant_request_uq ON payouts (farmer_id, request_key) WHERE kind = 'instant';
CREATE UNIQUE INDEX payouts_transfer_uq ON payouts (bank_transfer_id) WHERE bank_transfer_id IS NOT NULL;

CREATE TABLE payout_lines (
    harvest_id   TEXT PRIMARY KEY REFERENCES harvest_submissions (id),
    payout_id    TEXT NOT NULL REFERENCES payouts (id),
    amount_cents BIGINT NOT NULL
);

CREATE TABLE farmer_ledger (
    id           TEXT PRIMARY KEY,
    farmer_id    TEXT NOT NULL REFERENCES farmers (id),
    amount_cents BIGINT NOT NULL,
    kind         TEXT NOT NULL,
    ref          TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX farmer_ledger_farmer_idx ON farmer_ledger (farmer_id, created_at);

-- +goose Down
DROP TABLE farmer_ledger;
DROP TABLE payout_lines;
DROP TABLE payouts;
DROP TABLE inventory_lots;
DROP TABLE harvest_submissions;
DROP TABLE farmers;
