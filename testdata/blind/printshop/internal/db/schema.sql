-- printshop schema. Applied at boot by db.Migrate; every statement must be
-- safe to run against an already-migrated database.

CREATE TABLE IF NOT EXISTS merchants (
    id                        TEXT PRIMARY KEY,
    shop_domain               TEXT NOT NULL UNIQUE,
    name                      TEXT NOT NULL,
    status                    TEXT NOT NULL DEFAULT 'active',
    api_key_hash              TEXT NOT NULL,
    webhook_secret            TEXT NOT NULL,
    default_facility          TEXT NOT NULL DEFAULT 'inkbridge',
    autotopup_enabled         BOOLEAN NOT NULL DEFAULT FALSE,
    autotopup_threshold_cents BIGINT NOT NULL DEFAULT 0,
    autotopup_amount_cents    BIGINT NOT NULL DEFAULT 0,
    payment_method_ref        TEXT,
    uninstalled_at            TIMESTAMPTZ,
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS wallets (
    merchant_id   TEXT PRIMARY KEY REFERENCES merchants(id),
    balance_cents BIGINT NOT NULL DEFAULT 0,
    currency      TEXT NOT NULL DEFAULT 'USD',
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every balance movement. idempotency_key is optional; when set it is unique
-- and callers insert with ON CONFLICT DO NOTHING.
CREATE TABLE IF NOT EXISTS wallet_ledger (
    id              TEXT PRIMARY KEY,
    merchant_id     TEXT NOT NULL REFERENCES merchants(id),
    kind            TEXT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    reference       TEXT NOT NULL DEFAULT '',
    idempotency_key TEXT UNIQUE,
    memo            TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS wallet_ledger_merchant_created_idx ON wallet_ledger (merchant_id, created_at);

CREATE TABLE IF NOT EXISTS wallet_topups (
    id                 TEXT PRIMARY KEY,
    merchant_id        TEXT NOT NULL REFERENCES merchants(id),
    amount_cents       BIGINT NOT NULL,
    status             TEXT NOT NULL,
    source             TEXT NOT NULL,
    provider_charge_id TEXT,
    failure_reason     TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    merchant_id   TEXT NOT NULL,
    resource_id   TEXT NOT NULL DEFAULT '',
    response_code INT NOT NULL DEFAULT 0,
    response_body JSONB,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, merchant_id, key)
);

CREATE TABLE IF NOT EXISTS inbound_webhooks (
    source      TEXT NOT NULL,
    delivery_id TEXT NOT NULL,
    topic       TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, delivery_id)
);

CREATE TABLE IF NOT EXISTS orders (
    id              TEXT PRIMARY KEY,
    merchant_id     TEXT NOT NULL REFERENCES merchants(id),
    shop_order_id   TEXT,
    channel         TEXT NOT NULL DEFAULT 'shop',
    status          TEXT NOT NULL,
    currency        TEXT NOT NULL DEFAULT 'USD',
    total_cents     BIGINT NOT NULL DEFAULT 0,
    ship_to         JSONB NOT NULL,
    shop_updated_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, shop_order_id)
);
CREATE INDEX IF NOT EXISTS orders_status_idx ON orders (status, updated_at);

CREATE TABLE IF NOT EXISTS order_items (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES orders(id),
    line_no         INT NOT NULL,
    sku             TEXT NOT NULL,
    quantity        INT NOT NULL,
    artwork_url     TEXT NOT NULL,
    unit_cost_cents BIGINT NOT NULL,
    UNIQUE (order_id, line_no)
);

CREATE TABLE IF NOT EXISTS print_jobs (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL REFERENCES orders(id),
    facility            TEXT NOT NULL,
    facility_job_id     TEXT,
    status              TEXT NOT NULL,
    attempt             INT NOT NULL DEFAULT 1,
    reprint_of          TEXT REFERENCES print_jobs(id),
    resubmission_token  TEXT UNIQUE,
    reason              TEXT NOT NULL DEFAULT '',
    submitted_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS print_jobs_order_idx ON print_jobs (order_id);
CREATE INDEX IF NOT EXISTS print_jobs_facility_status_idx ON print_jobs (facility, status);

CREATE TABLE IF NOT EXISTS facility_events (
    facility     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    print_job_id TEXT,
    status       TEXT NOT NULL,
    payload      JSONB,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (facility, event_id)
);

-- Batch callbacks from facilities that group several events per delivery.
CREATE TABLE IF NOT EXISTS facility_batches (
    facility    TEXT NOT NULL,
    batch_id    TEXT NOT NULL,
    event_count INT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (facility, batch_id)
);

CREATE TABLE IF NOT EXISTS facility_payables (
    id           TEXT PRIMARY KEY,
    facility     TEXT NOT NULL,
    print_job_id TEXT NOT NULL REFERENCES print_jobs(id),
    amount_cents BIGINT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS shipments (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL REFERENCES orders(id),
    kind                TEXT NOT NULL DEFAULT 'outbound',
    parcel_seq          INT NOT NULL DEFAULT 1,
    request_id          TEXT UNIQUE,
    carrier_shipment_id TEXT,
    tracking_code       TEXT,
    label_url           TEXT,
    rate_cents          BIGINT NOT NULL DEFAULT 0,
    status              TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS shipments_order_idx ON shipments (order_id, kind, parcel_seq);
CREATE INDEX IF NOT EXISTS shipments_tracking_idx ON shipments (tracking_code);

CREATE TABLE IF NOT EXISTS tracking_events (
    carrier_event_id TEXT PRIMARY KEY,
    shipment_id      TEXT NOT NULL REFERENCES shipments(id),
    status           TEXT NOT NULL,
    detail           TEXT NOT NULL DEFAULT '',
    occurred_at      TIMESTAMPTZ NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS webhook_endpoints (
    id          TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    url         TEXT NOT NULL,
    secret      TEXT NOT NULL,
    event_types TEXT NOT NULL DEFAULT '*',
    disabled    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, url)
);

CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id          TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id),
    event_type  TEXT NOT NULL,
    payload     JSONB NOT NULL,
    status      TEXT NOT NULL,
    attempts    INT NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS webhook_attempts (
    id           TEXT PRIMARY KEY,
    delivery_id  TEXT NOT NULL,
    status_code  INT NOT NULL DEFAULT 0,
    error        TEXT NOT NULL DEFAULT '',
    duration_ms  BIGINT NOT NULL DEFAULT 0,
    attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS statements (
    id            TEXT PRIMARY KEY,
    merchant_id   TEXT NOT NULL REFERENCES merchants(id),
    period        TEXT NOT NULL,
    charges_cents BIGINT NOT NULL,
    credits_cents BIGINT NOT NULL,
    order_count   INT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, period)
);
