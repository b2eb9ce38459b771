-- Escrow, refunds, tips, balances and payouts.

CREATE TABLE escrow_payments (
    id                 uuid PRIMARY KEY,
    job_id             text NOT NULL REFERENCES jobs(id),
    quote_id           text NOT NULL REFERENCES quotes(id),
    client_id          uuid NOT NULL REFERENCES clients(id),
    amount_cents       bigint NOT NULL,
    currency           char(3) NOT NULL,
    status             text NOT NULL,
    operation_key      text NOT NULL,
    provider_intent_id text NOT NULL DEFAULT '',
    captured_at        timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT escrow_payments_quote_uniq UNIQUE (quote_id),
    CONSTRAINT escrow_payments_op_uniq UNIQUE (operation_key)
);
CREATE INDEX escrow_payments_job_idx ON escrow_payments (job_id);

CREATE TABLE refunds (
    id                 uuid PRIMARY KEY,
    payment_id         uuid NOT NULL REFERENCES escrow_payments(id),
    job_id             text NOT NULL REFERENCES jobs(id),
    amount_cents       bigint NOT NULL,
    reason             text NOT NULL,
    status             text NOT NULL,
    provider_refund_id text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refunds_payment_uniq UNIQUE (payment_id)
);

CREATE TABLE tips (
    id                 text PRIMARY KEY,
    job_id             text NOT NULL REFERENCES jobs(id),
    client_id          uuid NOT NULL REFERENCES clients(id),
    translator_id      uuid NOT NULL REFERENCES translators(id),
    amount_cents       bigint NOT NULL,
    currency           char(3) NOT NULL,
    provider_charge_id text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT tips_job_uniq UNIQUE (job_id)
);

CREATE TABLE translator_balances (
    translator_id   uuid PRIMARY KEY REFERENCES translators(id),
    available_cents bigint NOT NULL DEFAULT 0,
    pending_cents   bigint NOT NULL DEFAULT 0,
    currency        char(3) NOT NULL DEFAULT 'EUR',
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT translator_balances_nonneg CHECK (available_cents >= 0 AND pending_cents >= 0)
);

CREATE TABLE payout_accounts (
    id                    uuid PRIMARY KEY,
    translator_id         uuid NOT NULL REFERENCES translators(id),
    holder_name           text NOT NULL,
    iban_last4            text NOT NULL,
    iban_hash             text NOT NULL,
    country               char(2) NOT NULL,
    currency              char(3) NOT NULL,
    provider_recipient_id text NOT NULL DEFAULT '',
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payout_accounts_translator_uniq UNIQUE (translator_id)
);

CREATE TABLE payouts (
    id                   text PRIMARY KEY,
    translator_id        uuid NOT NULL REFERENCES translators(id),
    batch_key            text,
    amount_cents         bigint NOT NULL,
    currency             char(3) NOT NULL,
    status               text NOT NULL,
    provider_transfer_id text,
    failure_reason       text NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payouts_batch_key_uniq UNIQUE (batch_key),
    CONSTRAINT payouts_transfer_uniq UNIQUE (provider_transfer_id)
);
CREATE INDEX payouts_translator_idx ON payouts (translator_id, created_at DESC);

CREATE TABLE payout_failures (
    transfer_id text PRIMARY KEY,
    payout_id   text NOT NULL REFERENCES payouts(id),
    code        text NOT NULL,
    reason      text NOT NULL,
    failed_at   timestamptz NOT NULL
);

CREATE TABLE invoice_sequences (
    year       integer PRIMARY KEY,
    next_value bigint NOT NULL
);

CREATE TABLE invoices (
    id          text PRIMARY KEY,
    job_id      text NOT NULL REFERENCES jobs(id),
    client_id   uuid NOT NULL REFERENCES clients(id),
    number      text NOT NULL,
    net_cents   bigint NOT NULL,
    vat_cents   bigint NOT NULL,
    total_cents bigint NOT NULL,
    currency    char(3) NOT NULL,
    pdf_key     text NOT NULL DEFAULT '',
    status      text NOT NULL,
    issued_at   timestamptz NOT NULL,
    sent_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_job_uniq UNIQUE (job_id),
    CONSTRAINT invoices_number_uniq UNIQUE (number)
);
