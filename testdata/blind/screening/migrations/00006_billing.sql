-- +goose Up
-- One usage row per completed report order; invoiced monthly.
CREATE TABLE usage_records (
    id          TEXT PRIMARY KEY,
    manager_id  TEXT NOT NULL REFERENCES property_managers(id),
    order_id    TEXT NOT NULL UNIQUE REFERENCES report_orders(id),
    report_type TEXT NOT NULL,
    unit_cents  BIGINT NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL,
    invoice_id  TEXT,
    released    BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX usage_records_uninvoiced_idx ON usage_records (manager_id, occurred_at) WHERE invoice_id IS NULL;

CREATE TABLE invoices (
    id                TEXT PRIMARY KEY,
    manager_id        TEXT NOT NULL REFERENCES property_managers(id),
    period_start      DATE NOT NULL,
    period_end        DATE NOT NULL,
    total_cents       BIGINT NOT NULL DEFAULT 0,
    status            TEXT NOT NULL DEFAULT 'draft',
    stripe_invoice_id TEXT UNIQUE,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at      TIMESTAMPTZ,
    UNIQUE (manager_id, period_start)
);

CREATE TABLE invoice_lines (
    id                     TEXT PRIMARY KEY,
    invoice_id             TEXT NOT NULL REFERENCES invoices(id),
    description            TEXT NOT NULL,
    report_type            TEXT NOT NULL,
    quantity               INT NOT NULL,
    unit_cents             BIGINT NOT NULL,
    amount_cents           BIGINT NOT NULL,
    stripe_invoice_item_id TEXT UNIQUE,
    UNIQUE (invoice_id, report_type)
);

ALTER TABLE usage_records
    ADD CONSTRAINT usage_records_invoice_fk FOREIGN KEY (invoice_id) REFERENCES invoices(id);

-- +goose Down
ALTER TABLE usage_records DROP CONSTRAINT usage_records_invoice_fk;
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE usage_records;
