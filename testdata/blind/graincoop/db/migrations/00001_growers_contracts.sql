-- +goose Up
-- +goose StatementBegin
CREATE TABLE growers (
    id                 BIGSERIAL PRIMARY KEY,
    member_no          TEXT        NOT NULL,
    legal_name         TEXT        NOT NULL,
    tax_id_last4       TEXT        NOT NULL DEFAULT '',
    email              TEXT        NOT NULL DEFAULT '',
    phone              TEXT        NOT NULL DEFAULT '',
    sms_opt_in         BOOLEAN     NOT NULL DEFAULT FALSE,
    portal_webhook_url TEXT        NOT NULL DEFAULT '',
    portal_secret      TEXT        NOT NULL DEFAULT '',
    status             TEXT        NOT NULL DEFAULT 'active',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT growers_member_no_key UNIQUE (member_no)
);

CREATE TABLE grower_bank_accounts (
    id                       UUID PRIMARY KEY,
    grower_id                BIGINT      NOT NULL REFERENCES growers (id),
    provider_counterparty_id TEXT        NOT NULL,
    holder_name              TEXT        NOT NULL,
    routing_last4            TEXT        NOT NULL,
    account_last4            TEXT        NOT NULL,
    account_type             TEXT        NOT NULL DEFAULT 'checking',
    is_default               BOOLEAN     NOT NULL DEFAULT FALSE,
    status                   TEXT        NOT NULL DEFAULT 'active',
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX grower_bank_accounts_grower_idx ON grower_bank_accounts (grower_id);
CREATE UNIQUE INDEX grower_bank_accounts_counterparty_key ON grower_bank_accounts (provider_counterparty_id);

CREATE SEQUENCE contract_no_seq START 10000;

CREATE TABLE contracts (
    id              UUID PRIMARY KEY,
    contract_no     TEXT          NOT NULL,
    grower_id       BIGINT        NOT NULL REFERENCES growers (id),
    commodity       TEXT          NOT NULL,
    contract_type   TEXT          NOT NULL,
    season          INT           NOT NULL,
    quantity_bu     NUMERIC(14,2) NOT NULL,
    delivered_bu    NUMERIC(14,2) NOT NULL DEFAULT 0,
    price_per_bu    NUMERIC(10,4),
    basis           NUMERIC(10,4),
    futures_month   TEXT          NOT NULL DEFAULT '',
    deferred_until  DATE,
    delivery_start  DATE          NOT NULL,
    delivery_end    DATE          NOT NULL,
    status          TEXT          NOT NULL DEFAULT 'open',
    signed_at       TIMESTAMPTZ,
    created_by      TEXT          NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT contracts_contract_no_key UNIQUE (contract_no)
);
CREATE INDEX contracts_grower_season_idx ON contracts (grower_id, season);

CREATE TABLE contract_amendments (
    id              UUID PRIMARY KEY,
    contract_id     UUID          NOT NULL REFERENCES contracts (id),
    kind            TEXT          NOT NULL,
    quantity_delta  NUMERIC(14,2) NOT NULL DEFAULT 0,
    new_price       NUMERIC(10,4),
    new_basis       NUMERIC(10,4),
    reason          TEXT          NOT NULL DEFAULT '',
    requested_by    TEXT          NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX contract_amendments_contract_idx ON contract_amendments (contract_id);

CREATE TABLE idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    request_hash   TEXT        NOT NULL DEFAULT '',
    status_code    INT         NOT NULL DEFAULT 0,
    response_body  JSONB,
    resource_id    TEXT        NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE idempotency_keys;
DROP TABLE contract_amendments;
DROP TABLE contracts;
DROP SEQUENCE contract_no_seq;
DROP TABLE grower_bank_accounts;
DROP TABLE growers;
-- +goose StatementEnd
