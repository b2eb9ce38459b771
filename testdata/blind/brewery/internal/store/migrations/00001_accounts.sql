-- +goose Up
CREATE TABLE accounts (
    id                    TEXT PRIMARY KEY,
    name                  TEXT        NOT NULL,
    kind                  TEXT        NOT NULL CHECK (kind IN ('retailer', 'bar', 'distributor')),
    license_number        TEXT        NOT NULL,
    state                 CHAR(2)     NOT NULL,
    ach_customer_id       TEXT,
    autopay               BOOLEAN     NOT NULL DEFAULT FALSE,
    edi_partner_id        TEXT,
    loyalty_tier          TEXT        NOT NULL DEFAULT 'standard',
    delivery_window_start TIME,
    delivery_window_end   TIME,
    delivery_notes        TEXT        NOT NULL DEFAULT '',
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT accounts_license_uniq UNIQUE (license_number)
);

CREATE UNIQUE INDEX accounts_edi_partner_uniq ON accounts (edi_partner_id) WHERE edi_partner_id IS NOT NULL;

CREATE TABLE products (
    sku               TEXT PRIMARY KEY,
    name              TEXT          NOT NULL,
    package           TEXT          NOT NULL CHECK (package IN ('keg_half', 'keg_sixth', 'case_24', 'case_12')),
    unit_price_cents  BIGINT        NOT NULL CHECK (unit_price_cents >= 0),
    deposit_cents     BIGINT        NOT NULL DEFAULT 0,
    barrels_per_unit  NUMERIC(8, 5) NOT NULL,
    active            BOOLEAN       NOT NULL DEFAULT TRUE
);

CREATE TABLE inventory (
    sku       TEXT PRIMARY KEY REFERENCES products (sku),
    on_hand   INTEGER NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
    reserved  INTEGER NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    CONSTRAINT inventory_reserved_le_on_hand CHECK (reserved <= on_hand)
);

-- +goose Down
DROP TABLE inventory;
DROP TABLE products;
DROP TABLE accounts;
