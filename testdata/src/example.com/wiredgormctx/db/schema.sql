CREATE TABLE gormctx_loads (
    id     text PRIMARY KEY,
    status text NOT NULL
);

CREATE TABLE gormctx_ledger_lines (
    id      text PRIMARY KEY,
    load_id text NOT NULL,
    cents   bigint NOT NULL
);

CREATE TABLE gormctx_balances (
    account text PRIMARY KEY,
    cents   bigint NOT NULL
);

CREATE TABLE gormctx_transfers (
    id      text PRIMARY KEY,
    account text NOT NULL,
    key     text NOT NULL,
    UNIQUE (account, key)
);

CREATE TABLE gormctx_fees (
    account text PRIMARY KEY,
    cents   bigint NOT NULL
);
