CREATE TABLE invoices (
    id                text        PRIMARY KEY,
    shipment_id       uuid        NOT NULL REFERENCES shipments (id),
    customer_id       uuid        NOT NULL REFERENCES customers (id),
    status            text        NOT NULL DEFAULT 'pending',
    amount_cents      bigint      NOT NULL,
    currency          text        NOT NULL,
    stripe_invoice_id text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_shipment_id_key UNIQUE (shipment_id),
    CONSTRAINT invoices_status_check CHECK (status IN ('pending', 'open', 'paid', 'void'))
);

CREATE TABLE payments (
    id              uuid        PRIMARY KEY,
    invoice_id      text        NOT NULL REFERENCES invoices (id),
    stripe_event_id text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    paid_at         timestamptz NOT NULL
);

CREATE TABLE stripe_events (
    event_id    text        PRIMARY KEY,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accessorial_charges (
    id                     text        PRIMARY KEY,
    shipment_id            uuid        NOT NULL REFERENCES shipments (id),
    fee_code               text        NOT NULL,
    amount_cents           bigint      NOT NULL,
    currency               text        NOT NULL,
    stripe_invoice_item_id text,
    status                 text        NOT NULL DEFAULT 'pending',
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX accessorial_charges_shipment_idx ON accessorial_charges (shipment_id);
