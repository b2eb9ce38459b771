CREATE TABLE accounts (
    id            bigint PRIMARY KEY,
    balance_cents bigint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE adjustments (
    id           bigserial PRIMARY KEY,
    account_id   bigint NOT NULL REFERENCES accounts (id),
    amount_cents bigint NOT NULL,
    reason       text NOT NULL
);

CREATE TABLE entries (
    entry_id     text PRIMARY KEY,
    account_id   bigint NOT NULL REFERENCES accounts (id),
    amount_cents bigint NOT NULL
);
