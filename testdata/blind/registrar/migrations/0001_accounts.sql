-- +migrate Up
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE accounts (
    id                   uuid PRIMARY KEY,
    email                citext NOT NULL UNIQUE,
    display_name         text NOT NULL,
    gateway_customer_id  text UNIQUE,
    credit_balance_cents bigint NOT NULL DEFAULT 0,
    currency             char(3) NOT NULL DEFAULT 'USD',
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_tokens (
    token_hash  text PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role        text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);

CREATE TABLE contacts (
    id              uuid PRIMARY KEY,
    account_id      uuid NOT NULL REFERENCES accounts (id),
    registry_handle text NOT NULL UNIQUE,
    full_name       text NOT NULL,
    organization    text,
    email           text NOT NULL,
    phone           text NOT NULL,
    street          text NOT NULL,
    city            text NOT NULL,
    postal_code     text NOT NULL,
    country_code    char(2) NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX contacts_account_idx ON contacts (account_id);

CREATE TABLE payment_methods (
    id            uuid PRIMARY KEY,
    account_id    uuid NOT NULL REFERENCES accounts (id),
    gateway_pm_id text NOT NULL,
    brand         text NOT NULL,
    last4         char(4) NOT NULL,
    exp_month     int NOT NULL,
    exp_year      int NOT NULL,
    is_default    boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, gateway_pm_id)
);

CREATE TABLE idempotency_keys (
    account_id      uuid NOT NULL REFERENCES accounts (id),
    idem_key        text NOT NULL,
    scope           text NOT NULL,
    request_hash    text NOT NULL,
    resource_id     text,
    response_status int,
    response_body   bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, scope, idem_key)
);

-- +migrate Down
DROP TABLE idempotency_keys;
DROP TABLE payment_methods;
DROP TABLE contacts;
DROP TABLE api_tokens;
DROP TABLE accounts;
