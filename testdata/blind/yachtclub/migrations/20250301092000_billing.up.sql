CREATE TABLE dues_invoices (
    id                 text PRIMARY KEY,
    member_id          text        NOT NULL REFERENCES members (id),
    dues_year          integer     NOT NULL,
    amount_cents       bigint      NOT NULL,
    stripe_invoice_id  text,
    status             text        NOT NULL DEFAULT 'draft',
    created_at         timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz,
    CONSTRAINT dues_invoices_member_year_key UNIQUE (member_id, dues_year),
    CONSTRAINT dues_invoices_stripe_invoice_id_key UNIQUE (stripe_invoice_id)
);

--bun:split

CREATE TABLE statement_runs (
    id             text PRIMARY KEY,
    period         text        NOT NULL,
    status         text        NOT NULL DEFAULT 'pending',
    member_count   integer     NOT NULL DEFAULT 0,
    requested_by   text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    dispatched_at  timestamptz,
    CONSTRAINT statement_runs_period_key UNIQUE (period)
);

CREATE TABLE statements (
    id                     text PRIMARY KEY,
    run_id                 text        NOT NULL REFERENCES statement_runs (id),
    member_id              text        NOT NULL REFERENCES members (id),
    period                 text        NOT NULL,
    opening_balance_cents  bigint      NOT NULL,
    charges_cents          bigint      NOT NULL,
    payments_cents         bigint      NOT NULL,
    closing_balance_cents  bigint      NOT NULL,
    dues_cents             bigint      NOT NULL DEFAULT 0,
    fuel_cents             bigint      NOT NULL DEFAULT 0,
    berth_cents            bigint      NOT NULL DEFAULT 0,
    other_cents            bigint      NOT NULL DEFAULT 0,
    lines                  jsonb       NOT NULL DEFAULT '[]',
    emailed_at             timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT statements_member_period_key UNIQUE (member_id, period)
);

CREATE TABLE ledger_postings (
    id                text PRIMARY KEY,
    run_id            text        NOT NULL REFERENCES statement_runs (id),
    journal_entry_id  text        NOT NULL,
    total_cents       bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'submitted',
    posted_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_postings_journal_entry_id_key UNIQUE (journal_entry_id),
    CONSTRAINT ledger_postings_run_id_key UNIQUE (run_id)
);

--bun:split

CREATE TABLE processed_events (
    source        text        NOT NULL,
    event_id      text        NOT NULL,
    event_type    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE outbox_events (
    id             text PRIMARY KEY,
    topic          text        NOT NULL,
    event_type     text        NOT NULL,
    partition_key  text        NOT NULL,
    payload        jsonb       NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    published_at   timestamptz
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;
