-- Nightly occupancy snapshots and franchise settlement.

CREATE TABLE occupancy_snapshots (
    location_id      text NOT NULL REFERENCES locations (id),
    night            date NOT NULL,
    franchise_id     text NOT NULL REFERENCES franchises (id),
    occupied_runs    integer NOT NULL,
    capacity         integer NOT NULL,
    lodging_cents    bigint NOT NULL,
    settlement_id    text,
    settled_at       timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (location_id, night)
);

CREATE TABLE franchise_balances (
    franchise_id   text PRIMARY KEY REFERENCES franchises (id),
    balance_cents  bigint NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE franchise_ledger (
    id            text PRIMARY KEY,
    franchise_id  text NOT NULL REFERENCES franchises (id),
    night         date NOT NULL,
    delta_cents   bigint NOT NULL,
    memo          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settlements (
    id               text PRIMARY KEY,
    franchise_id     text NOT NULL REFERENCES franchises (id),
    night            date NOT NULL,
    gross_cents      bigint NOT NULL,
    fee_cents        bigint NOT NULL,
    net_cents        bigint NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (franchise_id, night)
);

CREATE TABLE payouts (
    id                  text PRIMARY KEY,
    settlement_id       text NOT NULL UNIQUE REFERENCES settlements (id),
    franchise_id        text NOT NULL REFERENCES franchises (id),
    amount_cents        bigint NOT NULL,
    currency            text NOT NULL,
    status              text NOT NULL,
    stripe_transfer_id  text UNIQUE,
    failure_message     text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    paid_at             timestamptz
);
