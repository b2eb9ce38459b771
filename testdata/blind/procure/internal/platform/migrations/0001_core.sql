-- Shared tables: request idempotency, consumer bookkeeping and suppliers.

CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    request_hash  text        NOT NULL,
    status_code   integer,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_events (
    consumer     text        NOT NULL,
    event_id     text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE suppliers (
    id                 text        PRIMARY KEY,
    name               text        NOT NULL,
    edi_partner_id     text        NOT NULL UNIQUE,
    bank_iban          text        NOT NULL,
    bank_bic           text        NOT NULL,
    currency           char(3)     NOT NULL DEFAULT 'EUR',
    payment_terms_days integer     NOT NULL DEFAULT 30,
    discount_pct       numeric(5,2) NOT NULL DEFAULT 0,
    discount_days      integer     NOT NULL DEFAULT 0,
    prepayment_pct     numeric(5,2) NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE supplier_balances (
    supplier_id        text        PRIMARY KEY REFERENCES suppliers (id),
    open_payable_minor bigint      NOT NULL DEFAULT 0,
    open_credit_minor  bigint      NOT NULL DEFAULT 0,
    updated_at         timestamptz NOT NULL DEFAULT now()
);
