-- +goose Up
CREATE TABLE vessels (
    id                   uuid PRIMARY KEY,
    registration_no      text NOT NULL UNIQUE,
    imo_number           text,
    name                 text NOT NULL,
    owner_id             uuid NOT NULL,
    owner_phone          text NOT NULL DEFAULT '',
    owner_email          text NOT NULL DEFAULT '',
    home_port            text NOT NULL,
    length_m             numeric(6,2) NOT NULL,
    status               text NOT NULL DEFAULT 'active',
    payment_customer_ref text NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE quota_holdings (
    id           uuid PRIMARY KEY,
    vessel_id    uuid NOT NULL REFERENCES vessels(id),
    species      text NOT NULL,
    area         text NOT NULL,
    season       integer NOT NULL,
    allocated_kg bigint NOT NULL DEFAULT 0,
    used_kg      bigint NOT NULL DEFAULT 0,
    frozen       boolean NOT NULL DEFAULT false,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (vessel_id, species, area, season)
);

CREATE TABLE quota_ledger (
    id         uuid PRIMARY KEY,
    holding_id uuid NOT NULL REFERENCES quota_holdings(id),
    delta_kg   bigint NOT NULL,
    reason     text NOT NULL,
    reference  text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quota_ledger_holding_idx ON quota_ledger (holding_id, created_at);

CREATE TABLE quota_purchases (
    id          uuid PRIMARY KEY,
    vessel_id   uuid NOT NULL REFERENCES vessels(id),
    client_ref  text NOT NULL,
    species     text NOT NULL,
    area        text NOT NULL,
    season      integer NOT NULL,
    quantity_kg bigint NOT NULL,
    price_minor bigint NOT NULL,
    currency    text NOT NULL,
    status      text NOT NULL,
    charge_id   text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (vessel_id, client_ref)
);

CREATE TABLE quota_transfers (
    id             uuid PRIMARY KEY,
    reference      text NOT NULL UNIQUE,
    from_vessel_id uuid NOT NULL REFERENCES vessels(id),
    to_vessel_id   uuid NOT NULL REFERENCES vessels(id),
    species        text NOT NULL,
    area           text NOT NULL,
    season         integer NOT NULL,
    quantity_kg    bigint NOT NULL,
    price_minor    bigint NOT NULL DEFAULT 0,
    status         text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE quota_transfers;
DROP TABLE quota_purchases;
DROP TABLE quota_ledger;
DROP TABLE quota_holdings;
DROP TABLE vessels;
