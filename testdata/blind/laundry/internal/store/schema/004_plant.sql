CREATE TABLE IF NOT EXISTS plant_intakes (
    order_id      UUID PRIMARY KEY REFERENCES orders (id),
    plant_code    TEXT NOT NULL,
    expected_bags INT NOT NULL,
    received_at   TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS garments (
    id           UUID PRIMARY KEY,
    tag_code     TEXT NOT NULL UNIQUE,
    order_id     UUID NOT NULL REFERENCES orders (id),
    garment_type TEXT NOT NULL,
    color        TEXT,
    brand        TEXT,
    stage        TEXT NOT NULL,
    last_scan_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS garments_order_idx ON garments (order_id);

CREATE TABLE IF NOT EXISTS garment_scans (
    scan_id    TEXT PRIMARY KEY,
    garment_id UUID NOT NULL REFERENCES garments (id),
    station    TEXT NOT NULL,
    stage      TEXT NOT NULL,
    operator   TEXT,
    scanned_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE IF NOT EXISTS damage_reports (
    id           TEXT PRIMARY KEY,
    garment_id   UUID NOT NULL REFERENCES garments (id),
    order_id     UUID NOT NULL REFERENCES orders (id),
    kind         TEXT NOT NULL,
    severity     TEXT NOT NULL,
    notes        TEXT,
    photo_url    TEXT,
    station      TEXT NOT NULL,
    reported_at  TIMESTAMPTZ NOT NULL,
    credit_cents BIGINT NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
