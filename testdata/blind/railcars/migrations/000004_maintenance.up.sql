CREATE TABLE shops (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    shopnet_id   TEXT NOT NULL UNIQUE,
    railroad     TEXT NOT NULL,
    location     TEXT NOT NULL
);

CREATE TABLE work_orders (
    id              TEXT PRIMARY KEY,
    car_mark        TEXT NOT NULL REFERENCES cars(car_mark),
    shop_id         TEXT NOT NULL REFERENCES shops(id),
    lease_id        TEXT REFERENCES leases(id),
    status          TEXT NOT NULL DEFAULT 'OPEN',
    defect_codes    TEXT[] NOT NULL DEFAULT '{}',
    description     TEXT NOT NULL,
    requested_by    TEXT NOT NULL,
    shop_ro_number  TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at   TIMESTAMPTZ,
    completed_at    TIMESTAMPTZ
);
CREATE INDEX work_orders_car ON work_orders (car_mark, status);

CREATE TABLE shop_invoices (
    id              TEXT PRIMARY KEY,
    shop_id         TEXT NOT NULL REFERENCES shops(id),
    invoice_number  TEXT NOT NULL,
    work_order_id   TEXT NOT NULL REFERENCES work_orders(id),
    total_cents     BIGINT NOT NULL,
    days_in_shop    INTEGER NOT NULL,
    status          TEXT NOT NULL DEFAULT 'RECEIVED',
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (shop_id, invoice_number)
);

CREATE TABLE shop_invoice_lines (
    shop_invoice_id  TEXT NOT NULL REFERENCES shop_invoices(id),
    line_no          INTEGER NOT NULL,
    job_code         TEXT NOT NULL,
    why_made_code    TEXT NOT NULL,
    labor_cents      BIGINT NOT NULL,
    material_cents   BIGINT NOT NULL,
    PRIMARY KEY (shop_invoice_id, line_no)
);
