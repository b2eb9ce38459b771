-- Weigh tickets, invoices, payments, disputes and credit memos.

CREATE TABLE weigh_tickets (
    id                TEXT PRIMARY KEY,
    scale_vendor      TEXT NOT NULL,
    vendor_ticket_no  TEXT NOT NULL,
    source            TEXT NOT NULL DEFAULT 'scale',
    customer_id       TEXT NOT NULL REFERENCES customers (id),
    site_id           TEXT REFERENCES sites (id),
    load_id           TEXT,
    landfill_code     TEXT NOT NULL,
    material          TEXT NOT NULL,
    gross_kg          BIGINT NOT NULL,
    tare_kg           BIGINT NOT NULL,
    net_kg            BIGINT NOT NULL,
    weighed_at        TIMESTAMPTZ NOT NULL,
    status            TEXT NOT NULL DEFAULT 'open',
    void_reason       TEXT,
    entered_by        TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT weigh_tickets_vendor_no_uq UNIQUE (scale_vendor, vendor_ticket_no)
);

CREATE TABLE ticket_adjustments (
    id              TEXT PRIMARY KEY,
    ticket_id       TEXT NOT NULL REFERENCES weigh_tickets (id),
    vendor_event_id TEXT NOT NULL,
    delta_kg        BIGINT NOT NULL,
    reason          TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
    id              TEXT PRIMARY KEY,
    customer_id     TEXT NOT NULL REFERENCES customers (id),
    rental_id       TEXT REFERENCES rentals (id),
    kind            TEXT NOT NULL,
    period_start    DATE,
    period_end      DATE,
    total_cents     BIGINT NOT NULL DEFAULT 0,
    balance_cents   BIGINT NOT NULL DEFAULT 0,
    status          TEXT NOT NULL DEFAULT 'open',
    due_on          DATE,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX invoices_customer_open_idx ON invoices (customer_id) WHERE status = 'open';

CREATE TABLE invoice_lines (
    id            TEXT PRIMARY KEY,
    invoice_id    TEXT REFERENCES invoices (id),
    customer_id   TEXT NOT NULL REFERENCES customers (id),
    ticket_id     TEXT REFERENCES weigh_tickets (id),
    pickup_id     TEXT REFERENCES pickups (id),
    description   TEXT NOT NULL,
    quantity      NUMERIC(12, 3) NOT NULL DEFAULT 1,
    amount_cents  BIGINT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoice_lines_ticket_uq UNIQUE (ticket_id)
);

CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    invoice_id          TEXT NOT NULL REFERENCES invoices (id),
    customer_id         TEXT NOT NULL REFERENCES customers (id),
    payment_method_id   UUID REFERENCES payment_methods (id),
    amount_cents        BIGINT NOT NULL,
    refunded_cents      BIGINT NOT NULL DEFAULT 0,
    source              TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'pending',
    provider_charge_id  TEXT UNIQUE,
    failure_code        TEXT,
    settled_at          TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Autopay takes exactly one attempt record per invoice; portal payments are free-form.
CREATE UNIQUE INDEX payments_autopay_invoice_uq ON payments (invoice_id) WHERE source = 'autopay';

CREATE TABLE disputes (
    provider_dispute_id  TEXT PRIMARY KEY,
    payment_id           TEXT REFERENCES payments (id),
    provider_charge_id   TEXT NOT NULL,
    amount_cents         BIGINT NOT NULL,
    reason               TEXT NOT NULL,
    status               TEXT NOT NULL,
    evidence_due_by      TIMESTAMPTZ,
    opened_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE credit_memos (
    id            TEXT PRIMARY KEY,
    ticket_id     TEXT NOT NULL REFERENCES weigh_tickets (id),
    customer_id   TEXT NOT NULL REFERENCES customers (id),
    amount_cents  BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT credit_memos_ticket_uq UNIQUE (ticket_id)
);
