CREATE TABLE clinics (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    webhook_secret  TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE owners (
    id                     TEXT PRIMARY KEY,
    email                  TEXT NOT NULL UNIQUE,
    phone                  TEXT,
    full_name              TEXT NOT NULL,
    stripe_customer_id     TEXT UNIQUE,
    default_payment_method TEXT,
    address_line1          TEXT NOT NULL,
    address_line2          TEXT,
    address_city           TEXT NOT NULL,
    address_postcode       TEXT NOT NULL,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE pets (
    id         TEXT PRIMARY KEY,
    owner_id   TEXT NOT NULL REFERENCES owners (id),
    name       TEXT NOT NULL,
    species    TEXT NOT NULL,
    weight_kg  NUMERIC(6, 2)
);

CREATE TABLE products (
    id                  TEXT PRIMARY KEY,
    sku                 TEXT NOT NULL UNIQUE,
    name                TEXT NOT NULL,
    controlled_schedule SMALLINT,
    unit_price_cents    BIGINT NOT NULL,
    stock_on_hand       INTEGER NOT NULL DEFAULT 0,
    stock_reserved      INTEGER NOT NULL DEFAULT 0,
    CHECK (stock_reserved >= 0)
);

CREATE TABLE prescriptions (
    id                TEXT PRIMARY KEY,
    clinic_id         TEXT NOT NULL REFERENCES clinics (id),
    external_ref      TEXT NOT NULL,
    pet_id            TEXT NOT NULL REFERENCES pets (id),
    owner_id          TEXT NOT NULL REFERENCES owners (id),
    product_id        TEXT NOT NULL REFERENCES products (id),
    prescriber        TEXT NOT NULL,
    dosage            TEXT NOT NULL,
    quantity          INTEGER NOT NULL,
    refills_remaining INTEGER NOT NULL,
    expires_on        DATE NOT NULL,
    reminder_sent_at  TIMESTAMPTZ,
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (clinic_id, external_ref)
);

CREATE TABLE refill_requests (
    id                TEXT PRIMARY KEY,
    prescription_id   TEXT NOT NULL REFERENCES prescriptions (id),
    clinic_id         TEXT NOT NULL REFERENCES clinics (id),
    owner_id          TEXT NOT NULL REFERENCES owners (id),
    status            TEXT NOT NULL DEFAULT 'pending',
    quantity          INTEGER NOT NULL,
    owner_note        TEXT,
    client_request_id TEXT,
    decided_by        TEXT,
    decision_note     TEXT,
    decided_at        TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (clinic_id, client_request_id)
);

CREATE INDEX refill_requests_pending_idx ON refill_requests (clinic_id, created_at) WHERE status = 'pending';

CREATE TABLE orders (
    id                TEXT PRIMARY KEY,
    owner_id          TEXT NOT NULL REFERENCES owners (id),
    refill_request_id TEXT REFERENCES refill_requests (id),
    kind              TEXT NOT NULL,
    status            TEXT NOT NULL,
    total_cents       BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'gbp',
    ship_name         TEXT NOT NULL,
    ship_line1        TEXT NOT NULL,
    ship_line2        TEXT,
    ship_city         TEXT NOT NULL,
    ship_postcode     TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at           TIMESTAMPTZ,
    dispensed_at      TIMESTAMPTZ,
    delivered_at      TIMESTAMPTZ
);

CREATE TABLE order_lines (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id),
    product_id       TEXT NOT NULL REFERENCES products (id),
    prescription_id  TEXT REFERENCES prescriptions (id),
    quantity         INTEGER NOT NULL,
    unit_price_cents BIGINT NOT NULL
);

CREATE TABLE http_idempotency_keys (
    scope       TEXT NOT NULL,
    key         TEXT NOT NULL,
    status_code INTEGER NOT NULL,
    body        BYTEA NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE inbound_events (
    source      TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);
