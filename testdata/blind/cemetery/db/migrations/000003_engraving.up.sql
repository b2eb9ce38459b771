CREATE TABLE engraving_orders (
    id                TEXT PRIMARY KEY,
    plot_id           TEXT NOT NULL REFERENCES plots (id),
    family_id         TEXT NOT NULL REFERENCES families (id),
    inscription       TEXT NOT NULL,
    typeface          TEXT NOT NULL,
    material          TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'draft',
    vendor_order_ref  TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE engraving_submissions (
    order_id          TEXT PRIMARY KEY REFERENCES engraving_orders (id),
    vendor_order_ref  TEXT NOT NULL,
    proof_url         TEXT,
    submitted_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
