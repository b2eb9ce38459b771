CREATE TABLE returns (
    id                     TEXT PRIMARY KEY,
    merchant_id            TEXT NOT NULL REFERENCES merchants(id),
    order_id               TEXT NOT NULL REFERENCES orders(id),
    reason                 TEXT NOT NULL,
    status                 TEXT NOT NULL DEFAULT 'authorized',
    return_carrier         TEXT NOT NULL DEFAULT '',
    return_tracking_number TEXT,
    return_label_url       TEXT,
    received_at            TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE return_lines (
    return_id TEXT NOT NULL REFERENCES returns(id),
    sku       TEXT NOT NULL,
    qty       INTEGER NOT NULL,
    condition TEXT NOT NULL DEFAULT 'unknown',
    PRIMARY KEY (return_id, sku)
);
