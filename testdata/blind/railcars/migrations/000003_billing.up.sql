CREATE TABLE invoices (
    id                 TEXT PRIMARY KEY,
    invoice_number     TEXT NOT NULL UNIQUE,
    lease_id           TEXT NOT NULL REFERENCES leases(id),
    customer_id        TEXT NOT NULL REFERENCES customers(id),
    period_start       DATE NOT NULL,
    period_end         DATE NOT NULL,
    total_cents        BIGINT NOT NULL,
    balance_due_cents  BIGINT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'OPEN',
    issued_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    due_date           DATE NOT NULL,
    UNIQUE (lease_id, period_start)
);

CREATE TABLE invoice_lines (
    id            TEXT PRIMARY KEY,
    invoice_id    TEXT NOT NULL REFERENCES invoices(id),
    kind          TEXT NOT NULL,       -- RENT, DEMURRAGE, MILEAGE_CREDIT, RETURN_FEE, ADJUSTMENT
    description   TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE credit_memos (
    id            TEXT PRIMARY KEY,
    invoice_id    TEXT NOT NULL REFERENCES invoices(id),
    reference     TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    issued_by     TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (invoice_id, reference)
);

CREATE TABLE payments (
    id               TEXT PRIMARY KEY,
    invoice_id       TEXT NOT NULL REFERENCES invoices(id),
    customer_id      TEXT NOT NULL REFERENCES customers(id),
    method           TEXT NOT NULL CHECK (method IN ('CARD', 'ACH')),
    amount_cents     BIGINT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'PENDING',
    provider_ref     TEXT,
    idempotency_key  TEXT NOT NULL,
    failure_reason   TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX payments_provider_ref ON payments (provider_ref);

CREATE TABLE refunds (
    id            TEXT PRIMARY KEY,
    payment_id    TEXT NOT NULL UNIQUE REFERENCES payments(id),
    amount_cents  BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'PENDING',
    provider_ref  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id               TEXT PRIMARY KEY,
    dedup_key        TEXT UNIQUE,
    customer_id      TEXT NOT NULL REFERENCES customers(id),
    channel          TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    template         TEXT NOT NULL,
    ref_id           TEXT NOT NULL,
    recipient        TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'PENDING',
    provider_msg_id  TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at          TIMESTAMPTZ
);
