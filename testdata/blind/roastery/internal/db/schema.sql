-- Ridgeline Roastery schema. Applied at startup by db.Migrate; every
-- statement must be safe to run against an already-migrated database.

CREATE TABLE IF NOT EXISTS cafes (
    id                  TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    billing_email       TEXT NOT NULL,
    shipping_address    JSONB NOT NULL,
    credit_limit_cents  BIGINT NOT NULL DEFAULT 0 CHECK (credit_limit_cents >= 0),
    open_balance_cents  BIGINT NOT NULL DEFAULT 0 CHECK (open_balance_cents >= 0),
    terms_days          INTEGER NOT NULL DEFAULT 30,
    on_hold             BOOLEAN NOT NULL DEFAULT FALSE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS roasted_inventory (
    sku                 TEXT PRIMARY KEY,
    description         TEXT NOT NULL,
    wholesale_price_cents BIGINT NOT NULL,
    bags_on_hand        INTEGER NOT NULL DEFAULT 0 CHECK (bags_on_hand >= 0),
    bags_reserved       INTEGER NOT NULL DEFAULT 0 CHECK (bags_reserved >= 0),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS wholesale_orders (
    id                  TEXT PRIMARY KEY,
    cafe_id             TEXT NOT NULL REFERENCES cafes (id),
    status              TEXT NOT NULL CHECK (status IN ('placed', 'invoiced', 'shipped', 'cancelled')),
    total_cents         BIGINT NOT NULL,
    po_number           TEXT,
    invoice_id          TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS wholesale_orders_cafe_idx ON wholesale_orders (cafe_id, created_at);

CREATE TABLE IF NOT EXISTS wholesale_order_lines (
    order_id            TEXT NOT NULL REFERENCES wholesale_orders (id),
    sku                 TEXT NOT NULL REFERENCES roasted_inventory (sku),
    bags                INTEGER NOT NULL CHECK (bags > 0),
    unit_price_cents    BIGINT NOT NULL,
    PRIMARY KEY (order_id, sku)
);

CREATE TABLE IF NOT EXISTS idempotency_records (
    scope               TEXT NOT NULL,
    key                 TEXT NOT NULL,
    resource_id         TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS invoices (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL UNIQUE REFERENCES wholesale_orders (id),
    cafe_id             TEXT NOT NULL REFERENCES cafes (id),
    ledger_invoice_id   TEXT NOT NULL UNIQUE,
    amount_due_cents    BIGINT NOT NULL,
    due_at              TIMESTAMPTZ NOT NULL,
    reminder_sent_at    TIMESTAMPTZ,
    late_fee_applied_at TIMESTAMPTZ,
    paid_at             TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS customers (
    id                  UUID PRIMARY KEY,
    email               TEXT NOT NULL UNIQUE,
    name                TEXT NOT NULL,
    payment_method_id   TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS subscriptions (
    id                  TEXT PRIMARY KEY,
    customer_id         UUID NOT NULL REFERENCES customers (id),
    request_key         TEXT NOT NULL UNIQUE,
    sku                 TEXT NOT NULL REFERENCES roasted_inventory (sku),
    bags_per_month      INTEGER NOT NULL CHECK (bags_per_month > 0),
    price_cents         BIGINT NOT NULL,
    shipping_address    JSONB NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'active', 'paused', 'cancelled', 'payment_failed')),
    first_charge_id     TEXT,
    next_charge_at      TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One live subscription per customer and coffee.
CREATE UNIQUE INDEX IF NOT EXISTS subscriptions_live_uq
    ON subscriptions (customer_id, sku) WHERE status IN ('pending', 'active', 'paused');

CREATE TABLE IF NOT EXISTS subscription_charges (
    id                  TEXT PRIMARY KEY,
    subscription_id     TEXT NOT NULL REFERENCES subscriptions (id),
    period              TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider_charge_id  TEXT,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (subscription_id, period)
);

CREATE TABLE IF NOT EXISTS green_contracts (
    id                  TEXT PRIMARY KEY,
    request_key         TEXT NOT NULL UNIQUE,
    importer_code       TEXT NOT NULL,
    origin              TEXT NOT NULL,
    lot_description     TEXT NOT NULL,
    contracted_kg       NUMERIC(10, 2) NOT NULL CHECK (contracted_kg > 0),
    price_per_kg_cents  BIGINT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('draft', 'submitted', 'confirmed', 'rejected', 'closed')),
    importer_contract_ref TEXT,
    received_kg         NUMERIC(10, 2) NOT NULL DEFAULT 0,
    confirmed_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS green_contracts_importer_ref_uq
    ON green_contracts (importer_code, importer_contract_ref) WHERE importer_contract_ref IS NOT NULL;

CREATE TABLE IF NOT EXISTS green_lots (
    id                  UUID PRIMARY KEY,
    contract_id         TEXT NOT NULL REFERENCES green_contracts (id),
    lot_number          TEXT NOT NULL,
    warehouse_ref       TEXT NOT NULL,
    kg_received         NUMERIC(10, 2) NOT NULL,
    kg_on_hand          NUMERIC(10, 2) NOT NULL CHECK (kg_on_hand >= 0),
    received_at         TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS green_lots_contract_idx ON green_lots (contract_id, lot_number);

CREATE TABLE IF NOT EXISTS processed_messages (
    consumer            TEXT NOT NULL,
    message_id          TEXT NOT NULL,
    processed_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE IF NOT EXISTS roast_batches (
    id                  TEXT PRIMARY KEY,
    green_lot_id        UUID NOT NULL REFERENCES green_lots (id),
    machine_id          TEXT NOT NULL,
    profile             TEXT NOT NULL,
    operator            TEXT NOT NULL,
    sku                 TEXT NOT NULL REFERENCES roasted_inventory (sku),
    green_kg            NUMERIC(8, 2) NOT NULL CHECK (green_kg > 0),
    roasted_kg          NUMERIC(8, 2) NOT NULL CHECK (roasted_kg > 0),
    bags                INTEGER NOT NULL CHECK (bags >= 0),
    started_at          TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS roast_receipts (
    batch_id            TEXT PRIMARY KEY REFERENCES roast_batches (id),
    sku                 TEXT NOT NULL,
    bags                INTEGER NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS inventory_adjustments (
    id                  TEXT PRIMARY KEY,
    sku                 TEXT NOT NULL REFERENCES roasted_inventory (sku),
    delta_bags          INTEGER NOT NULL,
    reason              TEXT NOT NULL,
    created_by          TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS shipments (
    id                  TEXT PRIMARY KEY,
    kind                TEXT NOT NULL CHECK (kind IN ('wholesale', 'subscription', 'replacement')),
    order_id            TEXT,
    subscription_charge_id TEXT,
    replaces_shipment_id TEXT REFERENCES shipments (id),
    recipient_name      TEXT NOT NULL,
    recipient_email     TEXT NOT NULL,
    address_json        JSONB NOT NULL,
    customer_id         UUID,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'labelled', 'in_transit', 'delivered', 'damaged', 'returned')),
    tracking_number     TEXT,
    shipped_notified_at TIMESTAMPTZ,
    delivered_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS shipments_order_uq
    ON shipments (order_id) WHERE kind = 'wholesale';
CREATE UNIQUE INDEX IF NOT EXISTS shipments_tracking_uq
    ON shipments (tracking_number) WHERE tracking_number IS NOT NULL;

CREATE TABLE IF NOT EXISTS shipping_labels (
    id                  TEXT PRIMARY KEY,
    shipment_id         TEXT NOT NULL UNIQUE REFERENCES shipments (id),
    carrier             TEXT NOT NULL,
    service_level       TEXT NOT NULL,
    tracking_number     TEXT NOT NULL,
    label_url           TEXT NOT NULL,
    cost_cents          BIGINT NOT NULL,
    purchased_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS carrier_events (
    id                  TEXT PRIMARY KEY,
    tracking_number     TEXT NOT NULL,
    shipment_id         TEXT REFERENCES shipments (id),
    status              TEXT NOT NULL,
    occurred_at         TIMESTAMPTZ NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS loyalty_accounts (
    customer_id         UUID PRIMARY KEY REFERENCES customers (id),
    balance_points      INTEGER NOT NULL DEFAULT 0 CHECK (balance_points >= 0),
    lifetime_points     INTEGER NOT NULL DEFAULT 0,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS loyalty_ledger (
    id                  UUID PRIMARY KEY,
    customer_id         UUID NOT NULL REFERENCES customers (id),
    source              TEXT NOT NULL CHECK (source IN ('subscription', 'delivery', 'redemption', 'adjustment')),
    source_id           TEXT NOT NULL,
    points              INTEGER NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- A delivered shipment earns points once. Subscription rows share the
-- subscription id as source_id, one per month.
CREATE UNIQUE INDEX IF NOT EXISTS loyalty_ledger_delivery_uq
    ON loyalty_ledger (source, source_id) WHERE source = 'delivery';

CREATE TABLE IF NOT EXISTS loyalty_redemptions (
    id                  UUID PRIMARY KEY,
    customer_id         UUID NOT NULL REFERENCES customers (id),
    request_key         TEXT NOT NULL UNIQUE,
    points              INTEGER NOT NULL CHECK (points > 0),
    voucher_code        TEXT NOT NULL UNIQUE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS refunds (
    id                  TEXT PRIMARY KEY,
    request_key         TEXT NOT NULL UNIQUE,
    customer_id         UUID NOT NULL REFERENCES customers (id),
    shipment_id         TEXT NOT NULL REFERENCES shipments (id),
    charge_id           TEXT NOT NULL,
    bags                INTEGER NOT NULL CHECK (bags > 0),
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    reason              TEXT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending_approval', 'approved', 'processing', 'succeeded', 'failed', 'rejected')),
    provider_refund_id  TEXT,
    approved_by         TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- At most one open or completed refund per shipment.
CREATE UNIQUE INDEX IF NOT EXISTS refunds_shipment_live_uq
    ON refunds (shipment_id) WHERE status NOT IN ('failed', 'rejected');

-- Transactional outbox: services write events here in the same transaction
-- as the state change; the relay publishes them to JetStream.
CREATE TABLE IF NOT EXISTS outbox_events (
    id                  TEXT PRIMARY KEY,
    subject             TEXT NOT NULL,
    payload             JSONB NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at        TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS outbox_events_unpublished_idx
    ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE IF NOT EXISTS provider_call_attempts (
    id                  TEXT PRIMARY KEY,
    provider            TEXT NOT NULL,
    operation           TEXT NOT NULL,
    status_code         INTEGER,
    error               TEXT,
    started_at          TIMESTAMPTZ NOT NULL,
    duration_ms         BIGINT NOT NULL
);
