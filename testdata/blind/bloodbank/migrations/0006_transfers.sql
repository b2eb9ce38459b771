-- Cross-border transfers of components to partner blood services.

CREATE TABLE partner_services (
    code          text PRIMARY KEY,
    name          text NOT NULL,
    country       text NOT NULL,
    api_base_url  text NOT NULL
);

CREATE TABLE transfers (
    id                   uuid PRIMARY KEY,
    partner_code         text        NOT NULL REFERENCES partner_services (code),
    partner_request_ref  text        NOT NULL,
    kind                 text        NOT NULL,
    blood_group          text        NOT NULL,
    quantity             integer     NOT NULL CHECK (quantity > 0),
    status               text        NOT NULL DEFAULT 'requested'
                         CHECK (status IN ('requested', 'reserved', 'submitted', 'shipped',
                                           'arrived', 'invoiced', 'failed')),
    partner_ack_ref      text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT transfers_partner_request_key UNIQUE (partner_code, partner_request_ref)
);

CREATE TABLE transfer_items (
    transfer_id   uuid NOT NULL REFERENCES transfers (id),
    component_id  uuid NOT NULL REFERENCES components (id),
    PRIMARY KEY (transfer_id, component_id)
);

CREATE TABLE transfer_shipments (
    shipment_number  text PRIMARY KEY,
    transfer_id      uuid        NOT NULL REFERENCES transfers (id),
    carrier          text        NOT NULL,
    partner_ack_ref  text        NOT NULL,
    shipped_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_call_log (
    id            uuid PRIMARY KEY,
    partner_code  text        NOT NULL,
    operation     text        NOT NULL,
    transfer_id   uuid,
    attempt_at    timestamptz NOT NULL DEFAULT now(),
    http_status   integer,
    error         text
);
