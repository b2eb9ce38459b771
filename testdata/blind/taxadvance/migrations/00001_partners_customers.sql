-- +goose Up
CREATE TABLE partners (
    id                  uuid PRIMARY KEY,
    code                text        NOT NULL,
    name                text        NOT NULL,
    api_key_hash        text        NOT NULL,
    webhook_secret      text        NOT NULL,
    commission_bps      integer     NOT NULL DEFAULT 0 CHECK (commission_bps BETWEEN 0 AND 2000),
    payout_account_ref  text        NOT NULL,
    active              boolean     NOT NULL DEFAULT true,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT partners_code_key UNIQUE (code),
    CONSTRAINT partners_api_key_hash_key UNIQUE (api_key_hash)
);

CREATE TABLE customers (
    id              uuid PRIMARY KEY,
    partner_id      uuid        NOT NULL REFERENCES partners (id),
    ssn_hash        text        NOT NULL,
    ssn_last4       char(4)     NOT NULL,
    first_name      text        NOT NULL,
    last_name       text        NOT NULL,
    email           text        NOT NULL,
    phone           text        NOT NULL DEFAULT '',
    date_of_birth   date        NOT NULL,
    address1        text        NOT NULL,
    city            text        NOT NULL,
    state           char(2)     NOT NULL,
    postal_code     text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT customers_partner_ssn_key UNIQUE (partner_id, ssn_hash)
);

-- +goose Down
DROP TABLE customers;
DROP TABLE partners;
