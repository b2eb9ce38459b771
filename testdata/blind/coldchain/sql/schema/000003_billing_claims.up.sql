-- Shipper invoicing, card payments through Stripe, and spoilage claims.

CREATE TABLE invoices (
    id                       TEXT PRIMARY KEY,
    shipper_id               TEXT        NOT NULL REFERENCES shippers (id),
    kind                     TEXT        NOT NULL DEFAULT 'freight',
    status                   TEXT        NOT NULL DEFAULT 'open',
    total_cents              BIGINT      NOT NULL,
    currency                 TEXT        NOT NULL DEFAULT 'usd',
    memo                     TEXT        NOT NULL DEFAULT '',
    due_at                   TIMESTAMPTZ NOT NULL,
    paid_at                  TIMESTAMPTZ,
    stripe_payment_intent_id TEXT,
    emailed_at               TIMESTAMPTZ,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT invoices_status_ck CHECK (status IN ('open', 'paid', 'void')),
    CONSTRAINT invoices_kind_ck CHECK (kind IN ('freight', 'accessorial'))
);

CREATE INDEX invoices_shipper_idx ON invoices (shipper_id, created_at DESC);

CREATE TABLE invoice_lines (
    id           TEXT PRIMARY KEY,
    invoice_id   TEXT        NOT NULL REFERENCES invoices (id),
    shipment_id  TEXT REFERENCES shipments (id),
    description  TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL
);

CREATE UNIQUE INDEX invoice_lines_shipment_uq
    ON invoice_lines (shipment_id)
    WHERE shipment_id IS NOT NULL;

ALTER TABLE shipments
    ADD CONSTRAINT shipments_invoice_fk FOREIGN KEY (invoice_id) REFERENCES invoices (id);

CREATE TABLE payments (
    id                       TEXT PRIMARY KEY,
    invoice_id               TEXT        NOT NULL REFERENCES invoices (id),
    stripe_payment_intent_id TEXT        NOT NULL,
    amount_cents             BIGINT      NOT NULL,
    currency                 TEXT        NOT NULL,
    status                   TEXT        NOT NULL,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payments_payment_intent_uq UNIQUE (stripe_payment_intent_id)
);

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    account       TEXT        NOT NULL,
    invoice_id    TEXT REFERENCES invoices (id),
    claim_id      TEXT,
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    memo          TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE claims (
    id            TEXT PRIMARY KEY,
    shipment_id   TEXT        NOT NULL REFERENCES shipments (id),
    shipper_id    TEXT        NOT NULL REFERENCES shippers (id),
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    reason        TEXT        NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'submitted',
    decided_by    TEXT,
    decided_at    TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT claims_amount_ck CHECK (amount_cents > 0),
    CONSTRAINT claims_status_ck CHECK (status IN
        ('submitted', 'approved', 'rejected', 'refund_pending', 'refunded'))
);

-- A shipment can have at most one claim that is still being worked.
CREATE UNIQUE INDEX claims_open_per_shipment_uq
    ON claims (shipment_id)
    WHERE status IN ('submitted', 'approved', 'refund_pending');

CREATE TABLE claim_refunds (
    id               TEXT PRIMARY KEY,
    claim_id         TEXT        NOT NULL REFERENCES claims (id),
    stripe_refund_id TEXT        NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT claim_refunds_claim_uq UNIQUE (claim_id),
    CONSTRAINT claim_refunds_stripe_uq UNIQUE (stripe_refund_id)
);
