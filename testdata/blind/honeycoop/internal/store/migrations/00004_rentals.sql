-- +goose Up
CREATE TABLE farms (
    id            TEXT PRIMARY KEY,
    name          TEXT        NOT NULL,
    contact_phone TEXT        NOT NULL,
    billing_email TEXT        NOT NULL,
    mandate_id    TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rental_contracts (
    id                 TEXT PRIMARY KEY,
    farm_id            TEXT        NOT NULL REFERENCES farms (id),
    season             TEXT        NOT NULL,
    crop               TEXT        NOT NULL,
    hive_count         INTEGER     NOT NULL,
    fee_cents_per_hive BIGINT      NOT NULL,
    status             TEXT        NOT NULL DEFAULT 'active',
    closed_at          TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT rental_contracts_farm_season_key UNIQUE (farm_id, season)
);

CREATE TABLE hive_placements (
    id          TEXT PRIMARY KEY,
    contract_id TEXT        NOT NULL REFERENCES rental_contracts (id),
    field_code  TEXT        NOT NULL,
    drop_date   DATE        NOT NULL,
    hive_count  INTEGER     NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT hive_placements_natural_key UNIQUE (contract_id, field_code, drop_date)
);

CREATE TABLE rental_invoices (
    id             TEXT PRIMARY KEY,
    contract_id    TEXT        NOT NULL REFERENCES rental_contracts (id),
    period         TEXT        NOT NULL,
    kind           TEXT        NOT NULL,
    amount_cents   BIGINT      NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'open',
    collection_ref TEXT        NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT rental_invoices_period_key UNIQUE (contract_id, period, kind)
);

-- +goose Down
DROP TABLE rental_invoices;
DROP TABLE hive_placements;
DROP TABLE rental_contracts;
DROP TABLE farms;
