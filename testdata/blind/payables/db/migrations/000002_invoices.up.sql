CREATE TABLE invoices (
    id                 UUID PRIMARY KEY,
    tenant_id          TEXT NOT NULL REFERENCES tenants (id),
    supplier_id        UUID NOT NULL REFERENCES suppliers (id),
    invoice_number     TEXT NOT NULL,
    currency           CHAR(3) NOT NULL,
    amount_minor       BIGINT NOT NULL CHECK (amount_minor > 0),
    amount_due_minor   BIGINT NOT NULL,
    amount_paid_minor  BIGINT NOT NULL DEFAULT 0,
    issue_date         DATE NOT NULL,
    due_date           DATE NOT NULL,
    status             TEXT NOT NULL DEFAULT 'received',
    required_approvals INT NOT NULL DEFAULT 1,
    discount_bps       INT NOT NULL DEFAULT 0,
    discount_until     DATE,
    discount_taken_at  TIMESTAMPTZ,
    source_event_id    TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoices_supplier_number_uq UNIQUE (tenant_id, supplier_id, invoice_number)
);

CREATE INDEX invoices_due_idx ON invoices (tenant_id, status, due_date);

CREATE TABLE invoice_approvals (
    invoice_id  UUID NOT NULL REFERENCES invoices (id),
    approver_id TEXT NOT NULL,
    decision    TEXT NOT NULL,
    comment     TEXT NOT NULL DEFAULT '',
    decided_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (invoice_id, approver_id)
);

CREATE TABLE credit_notes (
    id                 UUID PRIMARY KEY,
    tenant_id          TEXT NOT NULL REFERENCES tenants (id),
    supplier_id        UUID NOT NULL REFERENCES suppliers (id),
    invoice_id         UUID REFERENCES invoices (id),
    credit_note_number TEXT NOT NULL,
    amount_minor       BIGINT NOT NULL CHECK (amount_minor > 0),
    currency           CHAR(3) NOT NULL,
    reason             TEXT NOT NULL DEFAULT '',
    source_event_id    TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT credit_notes_supplier_number_uq UNIQUE (supplier_id, credit_note_number)
);

-- Early-payment discount offers sent to suppliers.
CREATE TABLE discount_offers (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL,
    invoice_id   UUID NOT NULL REFERENCES invoices (id),
    discount_bps INT NOT NULL,
    pay_on       DATE NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    status       TEXT NOT NULL DEFAULT 'offered',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX discount_offers_invoice_idx ON discount_offers (invoice_id);
