-- +goose Up
CREATE TABLE customers (
    id                      UUID PRIMARY KEY,
    full_name               TEXT NOT NULL,
    email                   TEXT NOT NULL,
    phone                   TEXT NOT NULL,
    stripe_customer_id      TEXT,
    default_payment_method  TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE quotes (
    id              TEXT PRIMARY KEY,
    customer_id     UUID NOT NULL REFERENCES customers (id),
    site_address    TEXT NOT NULL,
    jurisdiction    TEXT NOT NULL,
    utility_code    TEXT NOT NULL,
    system_kw       NUMERIC(6,2) NOT NULL,
    panel_count     INT NOT NULL,
    panel_sku       TEXT NOT NULL,
    inverter_sku    TEXT NOT NULL,
    battery_kwh     NUMERIC(6,2) NOT NULL DEFAULT 0,
    price_cents     BIGINT NOT NULL,
    deposit_cents   BIGINT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'draft',
    sales_rep       TEXT NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX quotes_customer_idx ON quotes (customer_id);
CREATE INDEX quotes_status_expires_idx ON quotes (status, expires_at);

CREATE TABLE contracts (
    id                    UUID PRIMARY KEY,
    quote_id              TEXT NOT NULL REFERENCES quotes (id),
    customer_id           UUID NOT NULL REFERENCES customers (id),
    total_cents           BIGINT NOT NULL,
    deposit_cents         BIGINT NOT NULL,
    amount_funded_cents   BIGINT NOT NULL DEFAULT 0,
    status                TEXT NOT NULL DEFAULT 'signed',
    signer_name           TEXT NOT NULL,
    signer_ip             TEXT NOT NULL,
    envelope_ref          TEXT NOT NULL,
    signed_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT contracts_quote_key UNIQUE (quote_id)
);

CREATE TABLE deposits (
    id                  UUID PRIMARY KEY,
    contract_id         UUID NOT NULL REFERENCES contracts (id),
    amount_cents        BIGINT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id   TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT deposits_contract_key UNIQUE (contract_id)
);

CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    resource_id  UUID NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_webhooks (
    source        TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

-- +goose Down
DROP TABLE processed_webhooks;
DROP TABLE idempotency_keys;
DROP TABLE deposits;
DROP TABLE contracts;
DROP TABLE quotes;
DROP TABLE customers;
