-- Pilotage dues, invoices and payments.

CREATE TABLE dues_lines (
    id           text PRIMARY KEY,
    job_id       text NOT NULL REFERENCES pilotage_jobs (id),
    agent_id     text NOT NULL REFERENCES agents (id),
    kind         text NOT NULL CHECK (kind IN ('pilotage', 'detention', 'cancellation', 'tug')),
    description  text NOT NULL,
    amount_cents bigint NOT NULL,
    invoice_id   text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dues_lines_uninvoiced_idx ON dues_lines (agent_id, created_at) WHERE invoice_id IS NULL;

CREATE SEQUENCE invoice_number_seq;

CREATE TABLE invoices (
    id           text PRIMARY KEY,
    agent_id     text NOT NULL REFERENCES agents (id),
    number       text NOT NULL UNIQUE,
    period_start date NOT NULL,
    period_end   date NOT NULL,
    total_cents  bigint NOT NULL,
    paid_cents   bigint NOT NULL DEFAULT 0,
    status       text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'paid', 'void')),
    sent_at      timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id             text PRIMARY KEY,
    invoice_id     text NOT NULL REFERENCES invoices (id),
    amount_cents   bigint NOT NULL,
    bank_reference text NOT NULL,
    source         text NOT NULL,
    received_at    timestamptz NOT NULL
);

CREATE INDEX payments_bank_reference_idx ON payments (bank_reference);

-- Bank webhook notifications already applied.
CREATE TABLE bank_notifications (
    notification_id text PRIMARY KEY,
    processed_at    timestamptz NOT NULL DEFAULT now()
);

-- Lines of the daily bank statement feed, claimed when applied.
CREATE TABLE bank_statement_lines (
    line_ref   text PRIMARY KEY,
    claimed_at timestamptz NOT NULL DEFAULT now()
);
