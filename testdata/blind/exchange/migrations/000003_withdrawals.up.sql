CREATE TABLE withdrawals (
    id               text PRIMARY KEY,
    user_id          text        NOT NULL,
    account_id       text        NOT NULL REFERENCES accounts (id),
    rail             text        NOT NULL CHECK (rail IN ('bank', 'crypto')),
    asset            text        NOT NULL,
    amount           bigint      NOT NULL CHECK (amount > 0),
    fee              bigint      NOT NULL DEFAULT 0,
    destination      text        NOT NULL,
    destination_name text,
    network          text,
    memo             text,
    status           text        NOT NULL,
    idempotency_key  text,
    custody_tx_id    text UNIQUE,
    bank_payout_id   text UNIQUE,
    tx_hash          text,
    confirmations    integer     NOT NULL DEFAULT 0,
    failure_reason   text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX withdrawals_idempotency_idx ON withdrawals (user_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX withdrawals_tx_hash_idx ON withdrawals (network, tx_hash);
CREATE INDEX withdrawals_user_day_idx ON withdrawals (user_id, asset, created_at);

CREATE TABLE withdrawal_approvals (
    withdrawal_id text        NOT NULL REFERENCES withdrawals (id),
    approver_id   text        NOT NULL,
    comment       text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (withdrawal_id, approver_id)
);

-- One row per job delivery; never updated except for the outcome.
CREATE TABLE withdrawal_attempts (
    id            text PRIMARY KEY,
    withdrawal_id text        NOT NULL REFERENCES withdrawals (id),
    message_id    text        NOT NULL,
    receive_count integer     NOT NULL,
    outcome       text,
    started_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chain_observations (
    chain        text        NOT NULL,
    tx_hash      text        NOT NULL,
    block_hash   text        NOT NULL,
    block_height bigint      NOT NULL,
    observed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (chain, tx_hash, block_hash)
);

CREATE TABLE withdrawal_limits (
    user_id     text        NOT NULL,
    asset       text        NOT NULL,
    daily_limit bigint      NOT NULL,
    updated_by  text        NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, asset)
);
