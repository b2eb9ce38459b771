CREATE TABLE IF NOT EXISTS customers (
    id                    UUID PRIMARY KEY,
    phone                 TEXT NOT NULL UNIQUE,
    email                 TEXT,
    name                  TEXT NOT NULL,
    push_token            TEXT,
    processor_customer_id TEXT,
    default_card_token    TEXT,
    referred_by           UUID REFERENCES customers (id),
    lifetime_spend_cents  BIGINT NOT NULL DEFAULT 0,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS addresses (
    customer_id UUID NOT NULL REFERENCES customers (id),
    label       TEXT NOT NULL,
    line1       TEXT NOT NULL,
    line2       TEXT,
    city        TEXT NOT NULL,
    postcode    TEXT NOT NULL,
    lat         DOUBLE PRECISION,
    lng         DOUBLE PRECISION,
    access_note TEXT,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_id, label)
);

CREATE TABLE IF NOT EXISTS orders (
    id                    UUID PRIMARY KEY,
    customer_id           UUID NOT NULL REFERENCES customers (id),
    status                TEXT NOT NULL,
    service_type          TEXT NOT NULL,
    express               BOOLEAN NOT NULL DEFAULT false,
    address_label         TEXT NOT NULL,
    pickup_from           TIMESTAMPTZ NOT NULL,
    pickup_to             TIMESTAMPTZ NOT NULL,
    delivery_from         TIMESTAMPTZ,
    delivery_to           TIMESTAMPTZ,
    estimated_cents       BIGINT NOT NULL DEFAULT 0,
    total_cents           BIGINT NOT NULL DEFAULT 0,
    credits_applied_cents BIGINT NOT NULL DEFAULT 0,
    bags_count            INT NOT NULL DEFAULT 0,
    notes                 TEXT,
    reminder_sent_at      TIMESTAMPTZ,
    cancelled_at          TIMESTAMPTZ,
    delivered_at          TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS orders_customer_created_idx ON orders (customer_id, created_at DESC);
CREATE INDEX IF NOT EXISTS orders_pickup_idx ON orders (pickup_from) WHERE reminder_sent_at IS NULL;

CREATE TABLE IF NOT EXISTS order_items (
    id               UUID PRIMARY KEY,
    order_id         UUID NOT NULL REFERENCES orders (id),
    garment_type     TEXT NOT NULL,
    quantity         INT NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    instructions     TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS order_items_order_idx ON order_items (order_id);

CREATE TABLE IF NOT EXISTS idempotency_keys (
    customer_id   UUID NOT NULL,
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    resource_id   TEXT,
    status_code   INT,
    response_body BYTEA,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_id, scope, key)
);

CREATE TABLE IF NOT EXISTS referrals (
    id           UUID PRIMARY KEY,
    referrer_id  UUID NOT NULL REFERENCES customers (id),
    referee_id   UUID NOT NULL UNIQUE REFERENCES customers (id),
    bonus_cents  BIGINT NOT NULL,
    qualified_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
