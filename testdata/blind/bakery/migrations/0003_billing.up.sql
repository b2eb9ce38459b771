-- Invoicing, collections, credit notes and provider webhooks.

CREATE SEQUENCE invoice_number_seq START 100001;
CREATE SEQUENCE credit_note_number_seq START 5001;

CREATE TABLE invoices (
    id                  uuid PRIMARY KEY,
    invoice_number      text NOT NULL UNIQUE,
    order_id            uuid NOT NULL UNIQUE REFERENCES orders (id),
    customer_id         uuid NOT NULL REFERENCES customers (id),
    subtotal_pence      integer NOT NULL CHECK (subtotal_pence >= 0),
    credited_pence      integer NOT NULL DEFAULT 0 CHECK (credited_pence >= 0),
    paid_pence          integer NOT NULL DEFAULT 0 CHECK (paid_pence >= 0),
    status              text NOT NULL DEFAULT 'open'
                        CHECK (status IN ('open', 'collecting', 'paid', 'collection_failed', 'void')),
    collection_attempts integer NOT NULL DEFAULT 0,
    issued_on           date NOT NULL,
    due_on              date NOT NULL,
    emailed_at          timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX invoices_customer_idx ON invoices (customer_id, issued_on);

CREATE TABLE payments (
    id                  uuid PRIMARY KEY,
    invoice_id          uuid NOT NULL REFERENCES invoices (id),
    method              text NOT NULL CHECK (method IN ('direct_debit', 'card', 'bank_transfer')),
    provider            text NOT NULL,
    provider_payment_id text NOT NULL,
    amount_pence        integer NOT NULL CHECK (amount_pence > 0),
    status              text NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed', 'refunded')),
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (provider, provider_payment_id)
);

CREATE TABLE credit_notes (
    id             uuid PRIMARY KEY,
    credit_number  text NOT NULL UNIQUE,
    customer_id    uuid NOT NULL REFERENCES customers (id),
    order_id       uuid NOT NULL REFERENCES orders (id),
    invoice_id     uuid REFERENCES invoices (id),
    delivery_id    uuid REFERENCES deliveries (id),
    reason         text NOT NULL CHECK (reason IN ('short', 'damaged', 'quality', 'goodwill')),
    amount_pence   integer NOT NULL CHECK (amount_pence > 0),
    status         text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'applied', 'refunded', 'void')),
    raised_by      text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX credit_notes_order_idx ON credit_notes (order_id);

CREATE TABLE credit_note_lines (
    credit_note_id uuid NOT NULL REFERENCES credit_notes (id) ON DELETE CASCADE,
    product_id     uuid NOT NULL REFERENCES products (id),
    quantity       integer NOT NULL CHECK (quantity > 0),
    amount_pence   integer NOT NULL CHECK (amount_pence > 0),
    PRIMARY KEY (credit_note_id, product_id)
);

CREATE TABLE refunds (
    id                 uuid PRIMARY KEY,
    credit_note_id     uuid NOT NULL REFERENCES credit_notes (id),
    payment_id         uuid NOT NULL REFERENCES payments (id),
    provider_refund_id text NOT NULL UNIQUE,
    amount_pence       integer NOT NULL CHECK (amount_pence > 0),
    created_at         timestamptz NOT NULL DEFAULT now()
);

-- Provider webhook events that have been applied.
CREATE TABLE webhook_events (
    provider     text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- Raw log of every webhook delivery, kept for support and disputes.
CREATE TABLE webhook_log (
    id          uuid PRIMARY KEY,
    provider    text NOT NULL,
    event_id    text NOT NULL,
    signature   text NOT NULL,
    payload     jsonb NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX webhook_log_event_idx ON webhook_log (provider, event_id);

CREATE TABLE statement_sends (
    period      text NOT NULL,
    customer_id uuid NOT NULL REFERENCES customers (id),
    sent_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (period, customer_id)
);
