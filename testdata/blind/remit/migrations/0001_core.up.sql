-- Core remittance tables. Column names follow the ent schema in ent/schema.

CREATE TABLE quotes (
    id               uuid PRIMARY KEY,
    customer_id      text        NOT NULL,
    idempotency_key  text        NOT NULL,
    corridor         text        NOT NULL,
    payout_method    text        NOT NULL,
    send_amount      bigint      NOT NULL,
    send_currency    varchar(3)  NOT NULL,
    receive_amount   bigint      NOT NULL,
    receive_currency varchar(3)  NOT NULL,
    fee              bigint      NOT NULL,
    rate             double precision NOT NULL,
    expires_at       timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX quote_customer_id_idempotency_key ON quotes (customer_id, idempotency_key);

CREATE TABLE rate_locks (
    id            text PRIMARY KEY,
    quote_id      uuid        NOT NULL,
    customer_id   text        NOT NULL,
    corridor      text        NOT NULL,
    rate          double precision NOT NULL,
    send_amount   bigint      NOT NULL,
    send_currency varchar(3)  NOT NULL,
    status        text        NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'consumed', 'expired', 'released')),
    expires_at    timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ratelock_quote_id ON rate_locks (quote_id);
CREATE INDEX ratelock_status_expires_at ON rate_locks (status, expires_at);

CREATE TABLE recipients (
    id              uuid PRIMARY KEY,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    customer_id     text       NOT NULL,
    full_name       text       NOT NULL,
    phone           text       NOT NULL,
    country         varchar(2) NOT NULL,
    account_type    text       NOT NULL CHECK (account_type IN ('bank_account', 'mobile_wallet', 'cash_pickup')),
    bank_code       text,
    account_number  text,
    wallet_provider text,
    fingerprint     text       NOT NULL
);
CREATE UNIQUE INDEX recipient_customer_id_fingerprint ON recipients (customer_id, fingerprint);

CREATE TABLE transfers (
    id                  uuid PRIMARY KEY,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    customer_id         text        NOT NULL,
    quote_id            uuid        NOT NULL,
    rate_lock_id        text        NOT NULL,
    recipient_id        uuid        NOT NULL,
    corridor            text        NOT NULL,
    payout_method       text        NOT NULL,
    send_amount         bigint      NOT NULL,
    send_currency       varchar(3)  NOT NULL,
    receive_amount      bigint      NOT NULL,
    receive_currency    varchar(3)  NOT NULL,
    fee                 bigint      NOT NULL,
    rate                double precision NOT NULL,
    status              text        NOT NULL DEFAULT 'created',
    origin_callback_url text,
    pickup_code         text,
    failure_reason      text
);
CREATE INDEX transfer_customer_id_created_at ON transfers (customer_id, created_at);
CREATE INDEX transfer_status ON transfers (status);

CREATE TABLE idempotency_keys (
    id          bigserial PRIMARY KEY,
    scope       text        NOT NULL,
    key         text        NOT NULL,
    principal   text        NOT NULL,
    resource_id text,
    response    bytea,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX idempotencykey_scope_key ON idempotency_keys (scope, key);

CREATE TABLE ledger_entries (
    id          uuid PRIMARY KEY,
    transfer_id uuid        NOT NULL,
    account     text        NOT NULL,
    direction   text        NOT NULL CHECK (direction IN ('debit', 'credit')),
    amount      bigint      NOT NULL,
    currency    varchar(3)  NOT NULL,
    kind        text        NOT NULL,
    memo        text,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledgerentry_transfer_id ON ledger_entries (transfer_id);
CREATE INDEX ledgerentry_account_created_at ON ledger_entries (account, created_at);
