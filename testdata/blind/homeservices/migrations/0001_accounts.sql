-- Customers and technicians.

CREATE TABLE customers (
    id                     TEXT PRIMARY KEY,
    name                   TEXT        NOT NULL,
    phone                  TEXT        NOT NULL,
    email                  TEXT        NOT NULL,
    stripe_customer_id     TEXT,
    default_payment_method TEXT,
    credit_cents           BIGINT      NOT NULL DEFAULT 0,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX customers_phone_key ON customers (phone);

CREATE TABLE technicians (
    id                TEXT PRIMARY KEY,
    name              TEXT        NOT NULL,
    phone             TEXT        NOT NULL,
    trade             TEXT        NOT NULL CHECK (trade IN ('plumbing', 'electrical', 'hvac', 'handyman')),
    stripe_account_id TEXT,
    open_slots        INT         NOT NULL DEFAULT 3,
    on_call           BOOLEAN     NOT NULL DEFAULT false,
    rating_sum        INT         NOT NULL DEFAULT 0,
    rating_count      INT         NOT NULL DEFAULT 0,
    home_lat          DOUBLE PRECISION NOT NULL,
    home_lng          DOUBLE PRECISION NOT NULL,
    service_radius_km DOUBLE PRECISION NOT NULL DEFAULT 25,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX technicians_phone_key ON technicians (phone);
CREATE INDEX technicians_trade_idx ON technicians (trade) WHERE open_slots > 0;
