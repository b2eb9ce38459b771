-- 0002: clients can ask the lab to reprint damaged items once per order.
CREATE TABLE reprint_requests (
    id             TEXT PRIMARY KEY,
    print_order_id TEXT NOT NULL REFERENCES print_orders(id),
    reason         TEXT NOT NULL,
    lab_reprint_id TEXT,
    status         TEXT NOT NULL DEFAULT 'requested',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT reprint_requests_order_key UNIQUE (print_order_id)
);

ALTER TABLE print_orders ADD COLUMN reprint_count INTEGER NOT NULL DEFAULT 0;
