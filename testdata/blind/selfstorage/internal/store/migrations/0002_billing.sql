-- Invoices, ledger, card payments.

CREATE TABLE invoices (
    id            text PRIMARY KEY,
    rental_id     text NOT NULL REFERENCES rentals(id),
    period        text NOT NULL,           -- YYYY-MM
    amount_cents  bigint NOT NULL,
    due_on        date NOT NULL,
    status        text NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open','paid','failed','void')),
    autopay_round int NOT NULL DEFAULT 0,
    paid_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (rental_id, period)
);
CREATE INDEX invoices_open_due ON invoices (due_on) WHERE status IN ('open','failed');

CREATE TABLE ledger_entries (
    id           text PRIMARY KEY,
    rental_id    text NOT NULL REFERENCES rentals(id),
    kind         text NOT NULL
                 CHECK (kind IN ('rent','late_fee','fee','payment','credit','refund','insurance','auction_proceeds')),
    amount_cents bigint NOT NULL,          -- positive = owed by tenant, negative = paid/credited
    period       text,
    ref          text,
    memo         text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ledger_periodic_charge ON ledger_entries (rental_id, kind, period)
    WHERE kind IN ('rent','late_fee');
CREATE INDEX ledger_rental ON ledger_entries (rental_id, created_at);

CREATE TABLE payment_attempts (
    id            text PRIMARY KEY,
    invoice_id    text NOT NULL REFERENCES invoices(id),
    attempt_no    int NOT NULL,
    amount_cents  bigint NOT NULL,
    stripe_pi_id  text UNIQUE,
    status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending','processing','succeeded','failed')),
    failure_code  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (invoice_id, attempt_no)
);

CREATE TABLE refunds (
    stripe_refund_id text PRIMARY KEY,
    stripe_pi_id     text NOT NULL,
    rental_id        text NOT NULL REFERENCES rentals(id),
    amount_cents     bigint NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
