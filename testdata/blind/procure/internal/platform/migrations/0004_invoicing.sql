CREATE TABLE supplier_invoices (
    id              text        PRIMARY KEY,
    supplier_id     text        NOT NULL REFERENCES suppliers (id),
    invoice_number  text        NOT NULL,
    po_id           text        NOT NULL REFERENCES purchase_orders (id),
    currency        char(3)     NOT NULL,
    net_minor       bigint      NOT NULL,
    tax_minor       bigint      NOT NULL,
    gross_minor     bigint      NOT NULL,
    open_minor      bigint      NOT NULL,
    invoice_date    date        NOT NULL,
    due_date        date        NOT NULL,
    discount_pct    numeric(5,2) NOT NULL DEFAULT 0,
    discount_until  date,
    status          text        NOT NULL DEFAULT 'received',
    source          text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (supplier_id, invoice_number)
);

CREATE TABLE invoice_lines (
    invoice_id       text    NOT NULL REFERENCES supplier_invoices (id) ON DELETE CASCADE,
    line_no          integer NOT NULL,
    po_line_no       integer NOT NULL,
    quantity         numeric(14,3) NOT NULL,
    unit_price_minor bigint  NOT NULL,
    PRIMARY KEY (invoice_id, line_no)
);

CREATE TABLE invoice_matches (
    invoice_id      text        PRIMARY KEY REFERENCES supplier_invoices (id),
    result          text        NOT NULL,
    qty_variance    numeric(14,3) NOT NULL,
    price_variance_minor bigint NOT NULL,
    details         jsonb       NOT NULL,
    matched_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_notes (
    id                 text        PRIMARY KEY,
    supplier_id        text        NOT NULL REFERENCES suppliers (id),
    credit_note_number text        NOT NULL,
    invoice_id         text        REFERENCES supplier_invoices (id),
    amount_minor       bigint      NOT NULL,
    currency           char(3)     NOT NULL,
    reason             text        NOT NULL,
    status             text        NOT NULL DEFAULT 'open',
    created_at         timestamptz NOT NULL DEFAULT now(),
    applied_at         timestamptz
);
CREATE INDEX credit_notes_supplier_idx ON credit_notes (supplier_id, credit_note_number);

CREATE TABLE supplier_charges (
    id             text        PRIMARY KEY,
    supplier_id    text        NOT NULL REFERENCES suppliers (id),
    po_id          text        REFERENCES purchase_orders (id),
    charge_type    text        NOT NULL,
    amount_minor   bigint      NOT NULL,
    currency       char(3)     NOT NULL,
    partner_doc_id text        NOT NULL,
    status         text        NOT NULL DEFAULT 'pending_review',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE discount_offers (
    id             text        PRIMARY KEY,
    invoice_id     text        NOT NULL REFERENCES supplier_invoices (id),
    discount_pct   numeric(5,2) NOT NULL,
    pay_amount_minor bigint    NOT NULL,
    valid_until    date        NOT NULL,
    status         text        NOT NULL DEFAULT 'offered',
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discount_offers_invoice_idx ON discount_offers (invoice_id);
