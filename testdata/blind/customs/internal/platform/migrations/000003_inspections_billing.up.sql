CREATE TABLE inspections (
    id                  TEXT PRIMARY KEY,
    shipment_id         TEXT NOT NULL REFERENCES shipments (id),
    kind                TEXT NOT NULL,
    client_reference    TEXT NOT NULL UNIQUE,
    partner_booking_id  TEXT UNIQUE,
    status              TEXT NOT NULL,
    requested_by        TEXT NOT NULL,
    result              TEXT,
    completed_at        TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (shipment_id, kind)
);

CREATE TABLE inspection_slots (
    partner_booking_id  TEXT PRIMARY KEY,
    inspection_id       TEXT NOT NULL REFERENCES inspections (id),
    facility_code       TEXT NOT NULL,
    inspector_name      TEXT,
    starts_at           TIMESTAMPTZ NOT NULL,
    ends_at             TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE billing_line_items (
    id            TEXT PRIMARY KEY,
    importer_id   TEXT NOT NULL REFERENCES importers (id),
    shipment_id   TEXT REFERENCES shipments (id),
    kind          TEXT NOT NULL,
    description   TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    currency      CHAR(3) NOT NULL,
    period        CHAR(7) NOT NULL,
    invoice_id    TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX billing_line_items_period_idx ON billing_line_items (importer_id, period);

CREATE TABLE monthly_usage (
    importer_id          TEXT NOT NULL REFERENCES importers (id),
    period               CHAR(7) NOT NULL,
    declarations_cleared INT NOT NULL DEFAULT 0,
    inspections_done     INT NOT NULL DEFAULT 0,
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (importer_id, period)
);

CREATE TABLE invoices (
    id                   TEXT PRIMARY KEY,
    importer_id          TEXT NOT NULL REFERENCES importers (id),
    period               CHAR(7) NOT NULL,
    number               TEXT NOT NULL UNIQUE,
    subtotal_cents       BIGINT NOT NULL,
    credited_cents       BIGINT NOT NULL DEFAULT 0,
    currency             CHAR(3) NOT NULL,
    status               TEXT NOT NULL,
    provider_payment_id  TEXT,
    charged_at           TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (importer_id, period)
);

CREATE TABLE credit_notes (
    id            TEXT PRIMARY KEY,
    invoice_id    TEXT NOT NULL REFERENCES invoices (id),
    amount_cents  BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    issued_by     TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
