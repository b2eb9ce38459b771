CREATE TABLE wallets (
    id            uuid PRIMARY KEY,
    reseller_id   uuid NOT NULL UNIQUE REFERENCES resellers (id),
    currency      text NOT NULL DEFAULT 'usd',
    balance_cents bigint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id           uuid PRIMARY KEY,
    wallet_id    uuid NOT NULL REFERENCES wallets (id),
    amount_cents bigint NOT NULL,
    kind         text NOT NULL,
    external_ref text,
    description  text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_wallet_idx ON ledger_entries (wallet_id, created_at);

CREATE TABLE wallet_fundings (
    id                uuid PRIMARY KEY,
    wallet_id         uuid NOT NULL REFERENCES wallets (id),
    request_id        text NOT NULL,
    amount_cents      bigint NOT NULL,
    payment_method    text NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    payment_intent_id text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_transfers (
    id             uuid PRIMARY KEY,
    transfer_ref   text NOT NULL UNIQUE,
    from_wallet_id uuid NOT NULL REFERENCES wallets (id),
    to_wallet_id   uuid NOT NULL REFERENCES wallets (id),
    amount_cents   bigint NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vouchers (
    code         text PRIMARY KEY,
    wallet_id    uuid NOT NULL REFERENCES wallets (id),
    lot_ref      text NOT NULL,
    value_cents  bigint NOT NULL,
    status       text NOT NULL DEFAULT 'issued',
    created_at   timestamptz NOT NULL DEFAULT now()
);
