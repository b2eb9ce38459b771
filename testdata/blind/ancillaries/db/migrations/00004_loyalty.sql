-- +goose Up
CREATE TABLE miles_accruals (
    id              TEXT PRIMARY KEY,
    order_item_id   UUID REFERENCES order_items (id),
    pnr             TEXT NOT NULL,
    loyalty_number  TEXT NOT NULL,
    miles           INT NOT NULL,
    source          TEXT NOT NULL,
    reason          TEXT,
    status          TEXT NOT NULL DEFAULT 'pending',
    partner_txn_id  TEXT,
    business_date   DATE NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX miles_accruals_item_uq ON miles_accruals (order_item_id) WHERE order_item_id IS NOT NULL;
CREATE INDEX miles_accruals_date_idx ON miles_accruals (business_date, status);

CREATE TABLE loyalty_statement_lines (
    id              BIGSERIAL PRIMARY KEY,
    loyalty_number  TEXT NOT NULL,
    accrual_id      TEXT NOT NULL,
    miles           INT NOT NULL,
    description     TEXT NOT NULL,
    posted_at       TIMESTAMPTZ NOT NULL
);

CREATE INDEX loyalty_statement_lines_member_idx ON loyalty_statement_lines (loyalty_number, posted_at);

CREATE TABLE loyalty_member_totals (
    loyalty_number  TEXT PRIMARY KEY,
    miles           BIGINT NOT NULL DEFAULT 0,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_export_batches (
    batch_id        TEXT PRIMARY KEY,
    business_date   DATE NOT NULL UNIQUE,
    status          TEXT NOT NULL DEFAULT 'open',
    line_count      INT NOT NULL DEFAULT 0,
    partner_ref     TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE loyalty_export_batches;
DROP TABLE loyalty_member_totals;
DROP TABLE loyalty_statement_lines;
DROP TABLE miles_accruals;
