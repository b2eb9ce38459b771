-- Controlled drugs register. Entries are never updated except to stamp the
-- regulator's receipt once the dispense has been reported.
CREATE TABLE controlled_register (
    id                TEXT PRIMARY KEY,
    product_id        TEXT NOT NULL REFERENCES products (id),
    order_id          TEXT NOT NULL REFERENCES orders (id),
    prescription_id   TEXT NOT NULL REFERENCES prescriptions (id),
    quantity          INTEGER NOT NULL,
    pharmacist        TEXT NOT NULL,
    witness           TEXT,
    recorded_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    reported_at       TIMESTAMPTZ,
    regulator_receipt TEXT
);

CREATE INDEX controlled_register_unreported_idx ON controlled_register (recorded_at) WHERE reported_at IS NULL;

CREATE TABLE regulator_daily_returns (
    return_date    DATE PRIMARY KEY,
    status         TEXT NOT NULL,
    submission_ref TEXT NOT NULL,
    entry_count    INTEGER NOT NULL DEFAULT 0,
    receipt        TEXT,
    submitted_at   TIMESTAMPTZ
);

CREATE TABLE stock_count_sheets (
    id           TEXT PRIMARY KEY,
    product_id   TEXT NOT NULL REFERENCES products (id),
    period       TEXT NOT NULL,
    expected_qty INTEGER NOT NULL,
    counted_qty  INTEGER,
    counted_by   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
