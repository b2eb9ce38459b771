CREATE TABLE goods_receipts (
    id            text        PRIMARY KEY,
    warehouse_id  text        NOT NULL,
    receipt_no    text        NOT NULL,
    po_id         text        NOT NULL REFERENCES purchase_orders (id),
    delivery_note text,
    status        text        NOT NULL DEFAULT 'posted',
    received_at   timestamptz NOT NULL,
    source        text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (warehouse_id, receipt_no)
);

CREATE TABLE goods_receipt_lines (
    receipt_id  text    NOT NULL REFERENCES goods_receipts (id) ON DELETE CASCADE,
    line_no     integer NOT NULL,
    po_line_no  integer NOT NULL,
    sku         text    NOT NULL,
    quantity    numeric(14,3) NOT NULL,
    PRIMARY KEY (receipt_id, line_no)
);

CREATE TABLE receipt_reversals (
    reversal_id  text        PRIMARY KEY,
    receipt_id   text        NOT NULL REFERENCES goods_receipts (id),
    reason       text        NOT NULL,
    reversed_by  text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE receipt_holds (
    receipt_id   text        PRIMARY KEY REFERENCES goods_receipts (id),
    reason_code  text        NOT NULL,
    inspector    text        NOT NULL,
    notes        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    released_at  timestamptz
);

CREATE TABLE return_debit_memos (
    id            text        PRIMARY KEY,
    receipt_id    text        NOT NULL REFERENCES goods_receipts (id),
    po_id         text        NOT NULL REFERENCES purchase_orders (id),
    supplier_id   text        NOT NULL REFERENCES suppliers (id),
    rma_number    text,
    amount_minor  bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
