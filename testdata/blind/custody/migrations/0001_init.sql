-- +goose Up

CREATE TABLE customers (
    id           uuid PRIMARY KEY,
    email        text NOT NULL,
    display_name text NOT NULL DEFAULT '',
    kyc_status   text NOT NULL DEFAULT 'pending',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
    id          uuid PRIMARY KEY,
    customer_id uuid NOT NULL REFERENCES customers (id),
    asset       text NOT NULL,
    available   numeric(38, 18) NOT NULL DEFAULT 0,
    held        numeric(38, 18) NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT wallets_customer_asset_key UNIQUE (customer_id, asset),
    CONSTRAINT wallets_available_nonneg CHECK (available >= 0),
    CONSTRAINT wallets_held_nonneg CHECK (held >= 0)
);

CREATE TABLE address_requests (
    id              uuid PRIMARY KEY,
    wallet_id       uuid NOT NULL REFERENCES wallets (id),
    chain           text NOT NULL,
    request_key     text NOT NULL,
    address         text,
    derivation_path text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    assigned_at     timestamptz,
    CONSTRAINT address_requests_wallet_key UNIQUE (wallet_id, request_key)
);

CREATE UNIQUE INDEX address_requests_address_key ON address_requests (chain, address) WHERE address IS NOT NULL;

CREATE TABLE whitelist_addresses (
    id          uuid PRIMARY KEY,
    customer_id uuid NOT NULL REFERENCES customers (id),
    asset       text NOT NULL,
    address     text NOT NULL,
    label       text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT whitelist_customer_asset_address_key UNIQUE (customer_id, asset, address)
);

CREATE TABLE withdrawals (
    id                 uuid PRIMARY KEY,
    wallet_id          uuid NOT NULL REFERENCES wallets (id),
    customer_id        uuid NOT NULL REFERENCES customers (id),
    asset              text NOT NULL,
    chain              text NOT NULL,
    amount             numeric(38, 18) NOT NULL CHECK (amount > 0),
    to_address         text NOT NULL,
    beneficiary_vasp   text NOT NULL DEFAULT '',
    beneficiary_name   text NOT NULL DEFAULT '',
    status             text NOT NULL,
    required_approvals int NOT NULL DEFAULT 2,
    tx_hash            text NOT NULL DEFAULT '',
    network_fee        numeric(38, 18) NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX withdrawals_wallet_idx ON withdrawals (wallet_id, created_at DESC);
CREATE INDEX withdrawals_tx_hash_idx ON withdrawals (tx_hash) WHERE tx_hash <> '';

CREATE TABLE withdrawal_approvals (
    withdrawal_id uuid NOT NULL REFERENCES withdrawals (id),
    approver_id   uuid NOT NULL,
    comment       text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (withdrawal_id, approver_id)
);

CREATE TABLE broadcast_attempts (
    id              uuid PRIMARY KEY,
    withdrawal_id   uuid NOT NULL REFERENCES withdrawals (id),
    request_id      text NOT NULL,
    status          text NOT NULL DEFAULT 'pending',
    provider_ref    text NOT NULL DEFAULT '',
    error           text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);

CREATE INDEX broadcast_attempts_withdrawal_idx ON broadcast_attempts (withdrawal_id);

CREATE TABLE tx_confirmations (
    withdrawal_id uuid PRIMARY KEY REFERENCES withdrawals (id),
    tx_hash       text NOT NULL,
    block_height  bigint NOT NULL,
    network_fee   numeric(38, 18) NOT NULL DEFAULT 0,
    confirmed_at  timestamptz NOT NULL
);

CREATE TABLE crypto_deposits (
    id              text PRIMARY KEY,
    wallet_id       uuid NOT NULL REFERENCES wallets (id),
    chain           text NOT NULL,
    tx_hash         text NOT NULL,
    vout            int NOT NULL,
    address         text NOT NULL,
    amount          numeric(38, 18) NOT NULL,
    status          text NOT NULL DEFAULT 'detected',
    confirmations   int NOT NULL DEFAULT 0,
    receipt_sent_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    credited_at     timestamptz
);

CREATE INDEX crypto_deposits_tx_idx ON crypto_deposits (chain, tx_hash);
CREATE INDEX crypto_deposits_wallet_idx ON crypto_deposits (wallet_id, created_at DESC);

CREATE TABLE gas_topups (
    id           uuid PRIMARY KEY,
    address      text NOT NULL,
    chain        text NOT NULL,
    amount       numeric(38, 18) NOT NULL,
    request_id   text NOT NULL,
    provider_ref text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fiat_deposits (
    id                 text PRIMARY KEY,
    customer_id        uuid NOT NULL REFERENCES customers (id),
    wallet_id          uuid NOT NULL REFERENCES wallets (id),
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    currency           text NOT NULL,
    method             text NOT NULL,
    payment_method_id  text NOT NULL,
    status             text NOT NULL DEFAULT 'pending',
    provider_charge_id text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX fiat_deposits_charge_idx ON fiat_deposits (provider_charge_id) WHERE provider_charge_id <> '';

CREATE TABLE fiat_refunds (
    id                 text PRIMARY KEY,
    deposit_id         text NOT NULL REFERENCES fiat_deposits (id),
    amount_cents       bigint NOT NULL,
    reason             text NOT NULL DEFAULT '',
    provider_refund_id text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fiat_payouts (
    id                 uuid PRIMARY KEY,
    customer_id        uuid NOT NULL REFERENCES customers (id),
    wallet_id          uuid NOT NULL REFERENCES wallets (id),
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    currency           text NOT NULL,
    bank_account_id    text NOT NULL,
    status             text NOT NULL DEFAULT 'pending',
    provider_payout_id text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fiat_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_journals (
    id         uuid PRIMARY KEY,
    ref        text,
    kind       text NOT NULL,
    memo       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX ledger_journals_ref_key ON ledger_journals (ref) WHERE ref IS NOT NULL;

CREATE TABLE ledger_entries (
    id         bigserial PRIMARY KEY,
    journal_id uuid NOT NULL REFERENCES ledger_journals (id),
    account    text NOT NULL,
    wallet_id  uuid REFERENCES wallets (id),
    asset      text NOT NULL,
    amount     numeric(38, 18) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, asset);

CREATE TABLE internal_transfers (
    id             uuid PRIMARY KEY,
    from_wallet_id uuid NOT NULL REFERENCES wallets (id),
    to_wallet_id   uuid NOT NULL REFERENCES wallets (id),
    asset          text NOT NULL,
    amount         numeric(38, 18) NOT NULL,
    journal_id     uuid NOT NULL REFERENCES ledger_journals (id),
    memo           text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE travel_rule_outbound (
    id               uuid PRIMARY KEY,
    withdrawal_id    uuid NOT NULL REFERENCES withdrawals (id),
    beneficiary_vasp text NOT NULL,
    status           text NOT NULL,
    provider_ref     text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT travel_rule_outbound_withdrawal_key UNIQUE (withdrawal_id)
);

CREATE TABLE travel_rule_inbound (
    id              uuid PRIMARY KEY,
    originator_vasp text NOT NULL,
    transfer_id     text NOT NULL,
    asset           text NOT NULL,
    amount          numeric(38, 18) NOT NULL,
    beneficiary     text NOT NULL,
    payload         jsonb NOT NULL,
    received_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT travel_rule_inbound_vasp_transfer_key UNIQUE (originator_vasp, transfer_id)
);

CREATE TABLE screenings (
    id           uuid PRIMARY KEY,
    subject_type text NOT NULL,
    subject_id   text NOT NULL,
    chain        text NOT NULL,
    address      text NOT NULL,
    risk_score   int NOT NULL,
    decision     text NOT NULL,
    provider_ref text NOT NULL DEFAULT '',
    screened_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT screenings_subject_key UNIQUE (subject_type, subject_id)
);

CREATE TABLE idempotency_keys (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    response_code int,
    response_body jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (scope, key)
);

CREATE TABLE notification_log (
    id         uuid PRIMARY KEY,
    dedup_key  text NOT NULL,
    channel    text NOT NULL,
    recipient  text NOT NULL,
    template   text NOT NULL,
    provider_message_id text NOT NULL DEFAULT '',
    sent_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notification_log_dedup_key UNIQUE (dedup_key)
);

CREATE TABLE outbox_events (
    id           uuid PRIMARY KEY,
    subject      text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE processed_messages (
    consumer     text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

-- +goose Down
DROP TABLE processed_messages;
DROP TABLE outbox_events;
DROP TABLE notification_log;
DROP TABLE idempotency_keys;
DROP TABLE screenings;
DROP TABLE travel_rule_inbound;
DROP TABLE travel_rule_outbound;
DROP TABLE internal_transfers;
DROP TABLE ledger_entries;
DROP TABLE ledger_journals;
DROP TABLE fiat_events;
DROP TABLE fiat_payouts;
DROP TABLE fiat_refunds;
DROP TABLE fiat_deposits;
DROP TABLE gas_topups;
DROP TABLE crypto_deposits;
DROP TABLE tx_confirmations;
DROP TABLE broadcast_attempts;
DROP TABLE withdrawal_approvals;
DROP TABLE withdrawals;
DROP TABLE whitelist_addresses;
DROP TABLE address_requests;
DROP TABLE wallets;
DROP TABLE customers;
