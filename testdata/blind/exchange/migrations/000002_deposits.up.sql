CREATE TABLE deposit_references (
    code    text PRIMARY KEY,
    user_id text NOT NULL
);

CREATE TABLE bank_deposits (
    id            text PRIMARY KEY,
    bank_txn_ref  text        NOT NULL UNIQUE,
    bank_account  text        NOT NULL,
    user_id       text,
    account_id    text REFERENCES accounts (id),
    amount        bigint      NOT NULL,
    currency      text        NOT NULL,
    remitter_name text,
    reference     text,
    value_date    date        NOT NULL,
    status        text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_deposits_value_date_idx ON bank_deposits (bank_account, value_date);

CREATE TABLE deposit_addresses (
    address            text PRIMARY KEY,
    chain              text        NOT NULL,
    asset              text        NOT NULL,
    user_id            text        NOT NULL,
    custody_address_id text        NOT NULL,
    label              text,
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposit_addresses_user_idx ON deposit_addresses (user_id, asset);

CREATE TABLE crypto_deposits (
    id            text PRIMARY KEY,
    chain         text        NOT NULL,
    tx_hash       text        NOT NULL,
    output_index  integer     NOT NULL,
    address       text        NOT NULL,
    user_id       text        NOT NULL,
    account_id    text        NOT NULL REFERENCES accounts (id),
    asset         text        NOT NULL,
    amount        bigint      NOT NULL,
    confirmations integer     NOT NULL DEFAULT 0,
    block_height  bigint,
    status        text        NOT NULL,
    review_status text        NOT NULL DEFAULT 'none',
    credited_at   timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (chain, tx_hash, output_index)
);

CREATE TABLE card_topups (
    id                text PRIMARY KEY,
    user_id           text        NOT NULL,
    account_id        text        NOT NULL REFERENCES accounts (id),
    idempotency_key   text        NOT NULL,
    amount            bigint      NOT NULL,
    currency          text        NOT NULL,
    payment_method_id text        NOT NULL,
    charge_id         text UNIQUE,
    status            text        NOT NULL,
    redirect_url      text,
    refunded_amount   bigint      NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, idempotency_key)
);
