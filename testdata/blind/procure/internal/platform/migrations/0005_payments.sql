CREATE TABLE supplier_payments (
    id               text        PRIMARY KEY,
    invoice_id       text        NOT NULL UNIQUE REFERENCES supplier_invoices (id),
    supplier_id      text        NOT NULL REFERENCES suppliers (id),
    amount_minor     bigint      NOT NULL,
    discount_minor   bigint      NOT NULL DEFAULT 0,
    currency         char(3)     NOT NULL,
    scheduled_for    date        NOT NULL,
    status           text        NOT NULL DEFAULT 'scheduled',
    bank_payment_id  text,
    failure_reason   text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT supplier_payments_status_chk CHECK (status IN
        ('scheduled', 'submitting', 'submitted', 'settled', 'rejected', 'returned', 'cancelled'))
);

CREATE TABLE bank_events (
    event_id     text        PRIMARY KEY,
    event_type   text        NOT NULL,
    payment_ref  text        NOT NULL,
    payload      jsonb       NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE remittance_advices (
    payment_id      text        PRIMARY KEY REFERENCES supplier_payments (id),
    status          text        NOT NULL DEFAULT 'pending',
    interchange_ref text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz
);
