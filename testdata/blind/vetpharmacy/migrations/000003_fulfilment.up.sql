CREATE TABLE pick_lists (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL UNIQUE REFERENCES orders (id),
    bin_route  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE pick_list_lines (
    pick_list_id TEXT NOT NULL REFERENCES pick_lists (id),
    product_id   TEXT NOT NULL REFERENCES products (id),
    quantity     INTEGER NOT NULL,
    bin          TEXT NOT NULL,
    PRIMARY KEY (pick_list_id, product_id)
);

CREATE TABLE shipments (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL UNIQUE REFERENCES orders (id),
    courier_shipment_id TEXT NOT NULL,
    tracking_number     TEXT NOT NULL,
    label_url           TEXT,
    status              TEXT NOT NULL,
    last_event_at       TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shipment_events (
    id               TEXT PRIMARY KEY,
    shipment_id      TEXT NOT NULL REFERENCES shipments (id),
    courier_event_id TEXT NOT NULL UNIQUE,
    status           TEXT NOT NULL,
    description      TEXT,
    occurred_at      TIMESTAMPTZ NOT NULL,
    recorded_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE courier_call_log (
    id          TEXT PRIMARY KEY,
    operation   TEXT NOT NULL,
    request_key TEXT,
    status_code INTEGER,
    duration_ms INTEGER NOT NULL,
    error       TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id           TEXT PRIMARY KEY,
    owner_id     TEXT NOT NULL REFERENCES owners (id),
    channel      TEXT NOT NULL,
    template     TEXT NOT NULL,
    recipient    TEXT NOT NULL,
    subject      TEXT,
    body         TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'queued',
    provider_ref TEXT,
    sent_at      TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
