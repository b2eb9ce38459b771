-- Flour suppliers and purchase orders.

CREATE SEQUENCE purchase_order_number_seq START 2001;

CREATE TABLE suppliers (
    id               uuid PRIMARY KEY,
    name             text NOT NULL UNIQUE,
    mill_account_ref text NOT NULL UNIQUE,
    lead_time_days   integer NOT NULL DEFAULT 3
);

-- Which mill each flour is bought from.
CREATE TABLE supplier_flours (
    flour_code  text PRIMARY KEY,
    supplier_id uuid NOT NULL REFERENCES suppliers (id),
    mill_sku    text NOT NULL
);

CREATE TABLE purchase_orders (
    id             uuid PRIMARY KEY,
    po_number      text NOT NULL UNIQUE,
    supplier_id    uuid NOT NULL REFERENCES suppliers (id),
    needed_by      date NOT NULL,
    status         text NOT NULL DEFAULT 'draft'
                   CHECK (status IN ('draft', 'submitted', 'confirmed', 'received', 'cancelled')),
    mill_order_ref text UNIQUE,
    created_by     text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    submitted_at   timestamptz
);

-- At most one open draft per supplier and delivery day; the reorder job tops it up.
CREATE UNIQUE INDEX purchase_orders_open_draft_uniq ON purchase_orders (supplier_id, needed_by)
    WHERE status = 'draft';

CREATE TABLE purchase_order_lines (
    purchase_order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
    flour_code        text NOT NULL,
    kilograms         integer NOT NULL CHECK (kilograms > 0),
    PRIMARY KEY (purchase_order_id, flour_code)
);
