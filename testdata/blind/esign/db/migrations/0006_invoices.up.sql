CREATE TABLE invoices (
    id           text PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES accounts (id),
    period_start date        NOT NULL,
    period_end   date        NOT NULL,
    number       text UNIQUE,
    status       text        NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'open', 'paid', 'void')),
    currency     text        NOT NULL,
    total_cents  bigint      NOT NULL DEFAULT 0,
    issued_at    timestamptz,
    paid_at      timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, period_start)
);

CREATE TABLE invoice_lines (
    id           text PRIMARY KEY,
    invoice_id   text    NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    usage_id     text REFERENCES usage_records (id),
    description  text    NOT NULL,
    quantity     integer NOT NULL,
    unit_cents   integer NOT NULL,
    amount_cents bigint  NOT NULL
);

CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (invoice_id);

ALTER TABLE usage_records
    ADD CONSTRAINT usage_records_invoice_fk FOREIGN KEY (invoice_id) REFERENCES invoices (id);

ALTER TABLE charges
    ADD CONSTRAINT charges_invoice_fk FOREIGN KEY (invoice_id) REFERENCES invoices (id);
