CREATE TABLE parts_orders (
    id                 uuid PRIMARY KEY,
    client_request_id  text NOT NULL UNIQUE,
    callout_id         uuid REFERENCES callouts (id),
    supplier_sku       text NOT NULL,
    quantity           int NOT NULL CHECK (quantity > 0),
    status             text NOT NULL DEFAULT 'pending',
    supplier_ref       text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE supplier_call_attempts (
    id              uuid PRIMARY KEY,
    parts_order_id  uuid NOT NULL REFERENCES parts_orders (id),
    operation       text NOT NULL,
    status_code     int,
    error_text      text,
    attempted_at    timestamptz NOT NULL
);

CREATE TABLE parts_stock (
    sku       text PRIMARY KEY,
    on_hand   int NOT NULL DEFAULT 0
);

CREATE TABLE shipments (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    parts_order_id        uuid NOT NULL REFERENCES parts_orders (id),
    supplier_shipment_id  text NOT NULL,
    quantity              int NOT NULL,
    received_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
    source        text NOT NULL,
    delivery_id   text NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, delivery_id)
);

CREATE TABLE certificate_filings (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    inspection_id  uuid NOT NULL REFERENCES inspection_visits (id),
    authority_ref  text NOT NULL,
    filed_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE certificates (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    certificate_no  text NOT NULL UNIQUE,
    lift_id         uuid NOT NULL REFERENCES lifts (id),
    inspection_id   uuid REFERENCES inspection_visits (id),
    issued_on       date NOT NULL,
    expires_on      date NOT NULL,
    revoked_at      timestamptz,
    revoke_reason   text
);

CREATE TABLE certificate_amendments (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    certificate_no  text NOT NULL REFERENCES certificates (certificate_no),
    reason          text NOT NULL,
    status          text NOT NULL DEFAULT 'pending',
    authority_ref   text,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- At most one amendment in flight per certificate.
CREATE UNIQUE INDEX certificate_amendments_pending_uq
    ON certificate_amendments (certificate_no) WHERE status = 'pending';
