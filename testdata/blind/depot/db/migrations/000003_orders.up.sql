CREATE TABLE orders (
    id            TEXT PRIMARY KEY,
    merchant_id   TEXT NOT NULL REFERENCES merchants(id),
    external_ref  TEXT NOT NULL,
    channel       TEXT NOT NULL DEFAULT 'api',
    status        TEXT NOT NULL DEFAULT 'accepted',
    ship_to       JSONB NOT NULL,
    service_level TEXT NOT NULL DEFAULT 'standard',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX orders_merchant_ref_idx ON orders (merchant_id, external_ref);

CREATE TABLE order_lines (
    order_id TEXT NOT NULL REFERENCES orders(id),
    line_no  INTEGER NOT NULL,
    sku      TEXT NOT NULL,
    qty      INTEGER NOT NULL CHECK (qty > 0),
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE reservations (
    order_id    TEXT NOT NULL REFERENCES orders(id),
    sku         TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    qty         INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'held',
    expires_at  TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, sku)
);

CREATE TABLE pick_tasks (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders(id),
    sku        TEXT NOT NULL,
    location   TEXT NOT NULL,
    qty        INTEGER NOT NULL,
    picked_qty INTEGER NOT NULL DEFAULT 0,
    picker_id  TEXT NOT NULL DEFAULT '',
    status     TEXT NOT NULL DEFAULT 'open',
    picked_at  TIMESTAMPTZ
);

CREATE TABLE packages (
    order_id   TEXT NOT NULL REFERENCES orders(id),
    seq        INTEGER NOT NULL,
    box_code   TEXT NOT NULL,
    weight_g   INTEGER NOT NULL,
    length_mm  INTEGER NOT NULL,
    width_mm   INTEGER NOT NULL,
    height_mm  INTEGER NOT NULL,
    packed_by  TEXT NOT NULL DEFAULT '',
    packed_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (order_id, seq)
);
