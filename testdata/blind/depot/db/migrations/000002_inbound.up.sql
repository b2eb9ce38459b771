CREATE TABLE asns (
    id          TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    reference   TEXT NOT NULL,
    carrier     TEXT NOT NULL DEFAULT '',
    expected_at TIMESTAMPTZ,
    status      TEXT NOT NULL DEFAULT 'expected',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT asns_merchant_reference_key UNIQUE (merchant_id, reference)
);

CREATE TABLE asn_lines (
    id           TEXT PRIMARY KEY,
    asn_id       TEXT NOT NULL REFERENCES asns(id),
    sku          TEXT NOT NULL,
    expected_qty INTEGER NOT NULL,
    received_qty INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE asn_receipts (
    id          TEXT PRIMARY KEY,
    asn_line_id TEXT NOT NULL REFERENCES asn_lines(id),
    scan_id     TEXT NOT NULL,
    qty         INTEGER NOT NULL,
    received_by TEXT NOT NULL DEFAULT '',
    received_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT asn_receipts_line_scan_key UNIQUE (asn_line_id, scan_id)
);

CREATE TABLE receiving_sessions (
    id         TEXT PRIMARY KEY,
    asn_id     TEXT NOT NULL REFERENCES asns(id),
    dock       TEXT NOT NULL,
    scanner_id TEXT NOT NULL,
    trailer    TEXT NOT NULL DEFAULT '',
    started_at TIMESTAMPTZ NOT NULL
);
