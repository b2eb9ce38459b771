CREATE TABLE importers (
    id                    TEXT PRIMARY KEY,
    name                  TEXT NOT NULL,
    eori                  TEXT NOT NULL UNIQUE,
    billing_email         TEXT NOT NULL,
    payments_customer_id  TEXT,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE importer_contacts (
    importer_id  TEXT PRIMARY KEY REFERENCES importers (id),
    phone        TEXT,
    email        TEXT,
    sms_opt_in   BOOLEAN NOT NULL DEFAULT false,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_methods (
    id                  TEXT PRIMARY KEY,
    importer_id         TEXT NOT NULL REFERENCES importers (id),
    provider_method_id  TEXT NOT NULL UNIQUE,
    brand               TEXT NOT NULL,
    last4               TEXT NOT NULL,
    is_default          BOOLEAN NOT NULL DEFAULT false,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    id                     TEXT PRIMARY KEY,
    importer_id            TEXT NOT NULL REFERENCES importers (id),
    reference              TEXT NOT NULL,
    transport_mode         TEXT NOT NULL,
    origin_country         CHAR(2) NOT NULL,
    port_of_entry          TEXT NOT NULL,
    carrier_scac           TEXT,
    bill_of_lading         TEXT,
    declared_value_cents   BIGINT NOT NULL,
    currency               CHAR(3) NOT NULL,
    status                 TEXT NOT NULL,
    deposit_balance_cents  BIGINT NOT NULL DEFAULT 0,
    broker_notes           TEXT,
    arrived_at             TIMESTAMPTZ,
    cancelled_at           TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (importer_id, reference)
);
CREATE INDEX shipments_bol_idx ON shipments (bill_of_lading);

CREATE TABLE shipment_lines (
    id               TEXT PRIMARY KEY,
    shipment_id      TEXT NOT NULL REFERENCES shipments (id),
    line_no          INT NOT NULL,
    hs_code          TEXT NOT NULL,
    description      TEXT NOT NULL,
    quantity         NUMERIC(18,3) NOT NULL,
    unit             TEXT NOT NULL,
    value_cents      BIGINT NOT NULL,
    UNIQUE (shipment_id, line_no)
);

CREATE TABLE shipment_documents (
    id           TEXT PRIMARY KEY,
    shipment_id  TEXT NOT NULL REFERENCES shipments (id),
    kind         TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    storage_key  TEXT NOT NULL,
    sha256       TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    uploaded_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX shipment_documents_shipment_idx ON shipment_documents (shipment_id);

CREATE TABLE idempotency_keys (
    scope            TEXT NOT NULL,
    key              TEXT NOT NULL,
    request_hash     TEXT NOT NULL,
    response_status  INT,
    response_body    JSONB,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE webhook_events (
    source       TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE processed_messages (
    consumer      TEXT NOT NULL,
    message_id    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    actor       TEXT NOT NULL,
    action      TEXT NOT NULL,
    subject     TEXT NOT NULL,
    detail      JSONB,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject, created_at);
