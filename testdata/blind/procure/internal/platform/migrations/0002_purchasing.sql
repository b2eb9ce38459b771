CREATE TABLE purchase_orders (
    id              text        PRIMARY KEY,
    po_number       text        NOT NULL UNIQUE,
    supplier_id     text        NOT NULL REFERENCES suppliers (id),
    cost_centre     text        NOT NULL,
    currency        char(3)     NOT NULL,
    total_minor     bigint      NOT NULL,
    prepayment_pct  numeric(5,2) NOT NULL DEFAULT 0,
    status          text        NOT NULL DEFAULT 'draft',
    requested_by    text        NOT NULL,
    delivery_site   text        NOT NULL,
    reservation_id  text,
    cancel_reason   text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT purchase_orders_status_chk CHECK (status IN
        ('draft', 'submitted', 'sent', 'acknowledged', 'partially_received', 'received', 'closed', 'cancelled', 'rejected'))
);

CREATE SEQUENCE po_number_seq START 100000;

CREATE TABLE po_lines (
    po_id            text    NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
    line_no          integer NOT NULL,
    sku              text    NOT NULL,
    description      text    NOT NULL,
    quantity         numeric(14,3) NOT NULL,
    uom              text    NOT NULL,
    unit_price_minor bigint  NOT NULL,
    received_qty     numeric(14,3) NOT NULL DEFAULT 0,
    invoiced_qty     numeric(14,3) NOT NULL DEFAULT 0,
    PRIMARY KEY (po_id, line_no)
);

CREATE TABLE po_amendments (
    id          text        PRIMARY KEY,
    po_id       text        NOT NULL REFERENCES purchase_orders (id),
    reason      text        NOT NULL,
    changes     jsonb       NOT NULL,
    status      text        NOT NULL DEFAULT 'pending',
    requested_by text       NOT NULL,
    sent_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX po_amendments_po_idx ON po_amendments (po_id);

CREATE TABLE po_transmissions (
    id              bigserial   PRIMARY KEY,
    po_id           text        NOT NULL REFERENCES purchase_orders (id),
    doc_type        text        NOT NULL,
    interchange_ref text        NOT NULL UNIQUE,
    partner_doc_id  text,
    sent_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE po_acknowledgements (
    partner_message_id text        PRIMARY KEY,
    po_id              text        NOT NULL REFERENCES purchase_orders (id),
    response_code      text        NOT NULL,
    promised_date      date,
    note               text,
    received_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE expected_deliveries (
    id            text        PRIMARY KEY,
    supplier_id   text        NOT NULL REFERENCES suppliers (id),
    asn_number    text        NOT NULL,
    po_id         text        NOT NULL REFERENCES purchase_orders (id),
    ship_date     date,
    eta           date,
    carrier       text,
    lines         jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (supplier_id, asn_number)
);

CREATE TABLE po_prepayments (
    po_id           text        PRIMARY KEY REFERENCES purchase_orders (id),
    amount_minor    bigint      NOT NULL,
    currency        char(3)     NOT NULL,
    status          text        NOT NULL DEFAULT 'pending',
    bank_payment_id text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    paid_at         timestamptz
);
