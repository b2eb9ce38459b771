CREATE TABLE fx_quotes (
    id                UUID PRIMARY KEY,
    tenant_id         TEXT NOT NULL REFERENCES tenants (id),
    provider_quote_id TEXT NOT NULL UNIQUE,
    sell_currency     CHAR(3) NOT NULL,
    buy_currency      CHAR(3) NOT NULL,
    sell_minor        BIGINT NOT NULL,
    buy_minor         BIGINT NOT NULL,
    rate              NUMERIC(20, 10) NOT NULL,
    expires_at        TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fx_conversions (
    id                     UUID PRIMARY KEY,
    tenant_id              TEXT NOT NULL REFERENCES tenants (id),
    quote_id               UUID NOT NULL REFERENCES fx_quotes (id),
    provider_conversion_id TEXT NOT NULL,
    status                 TEXT NOT NULL,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fx_rates (
    base_currency  CHAR(3) NOT NULL,
    quote_currency CHAR(3) NOT NULL,
    as_of          DATE NOT NULL,
    rate           NUMERIC(20, 10) NOT NULL,
    fetched_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (base_currency, quote_currency, as_of)
);
