-- +migrate Up

CREATE TABLE staff (
    id          uuid PRIMARY KEY,
    name        text        NOT NULL,
    phone       text        NOT NULL,
    role        text        NOT NULL,
    active      boolean     NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shifts (
    id          uuid PRIMARY KEY,
    event_id    uuid        NOT NULL REFERENCES events (id),
    role        text        NOT NULL,
    starts_at   timestamptz NOT NULL,
    ends_at     timestamptz NOT NULL,
    headcount   integer     NOT NULL DEFAULT 1,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shift_assignments (
    shift_id     uuid        NOT NULL REFERENCES shifts (id),
    staff_id     uuid        NOT NULL REFERENCES staff (id),
    status       text        NOT NULL DEFAULT 'assigned',
    assigned_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (shift_id, staff_id)
);

CREATE TABLE dietary_forms (
    id            text PRIMARY KEY,
    event_id      uuid        NOT NULL REFERENCES events (id),
    guest_name    text        NOT NULL,
    guest_email   text        NOT NULL,
    requirements  text[]      NOT NULL DEFAULT '{}',
    allergens     text[]      NOT NULL DEFAULT '{}',
    notes         text        NOT NULL DEFAULT '',
    submitted_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dietary_forms_event_idx ON dietary_forms (event_id);

CREATE TABLE guests (
    id          uuid PRIMARY KEY,
    event_id    uuid        NOT NULL REFERENCES events (id),
    name        text        NOT NULL,
    phone       text        NOT NULL,
    email       text,
    opted_out   boolean     NOT NULL DEFAULT false,
    CONSTRAINT guests_event_phone_key UNIQUE (event_id, phone)
);

CREATE TABLE sms_messages (
    id                   text PRIMARY KEY,
    batch_id             text        NOT NULL,
    event_id             uuid        NOT NULL REFERENCES events (id),
    guest_id             uuid        NOT NULL REFERENCES guests (id),
    template             text        NOT NULL,
    to_phone             text        NOT NULL,
    body                 text        NOT NULL,
    status               text        NOT NULL DEFAULT 'queued',
    provider_message_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz,
    CONSTRAINT sms_messages_batch_guest_key UNIQUE (batch_id, guest_id),
    CONSTRAINT sms_messages_provider_key UNIQUE (provider_message_id)
);

CREATE TABLE sms_delivery_receipts (
    provider_message_id  text        NOT NULL,
    status               text        NOT NULL,
    error_code           text,
    occurred_at          timestamptz NOT NULL,
    received_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider_message_id, status)
);

CREATE TABLE sms_opt_outs (
    phone       text PRIMARY KEY,
    keyword     text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE purchase_orders (
    id                uuid PRIMARY KEY,
    event_id          uuid        NOT NULL REFERENCES events (id),
    supplier_code     text        NOT NULL,
    status            text        NOT NULL DEFAULT 'draft',
    partner_order_id  text,
    headcount         integer     NOT NULL,
    deliver_on        date        NOT NULL,
    total_cents       bigint      NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    submitted_at      timestamptz,
    confirmed_at      timestamptz,
    shipped_at        timestamptz,
    cancelled_at      timestamptz,
    CONSTRAINT purchase_orders_event_supplier_key UNIQUE (event_id, supplier_code),
    CONSTRAINT purchase_orders_partner_order_key UNIQUE (partner_order_id)
);

CREATE TABLE purchase_order_lines (
    purchase_order_id  uuid    NOT NULL REFERENCES purchase_orders (id),
    sku                text    NOT NULL,
    quantity           numeric NOT NULL,
    unit               text    NOT NULL,
    per_head           numeric NOT NULL DEFAULT 0,
    unit_cost_cents    bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (purchase_order_id, sku)
);

CREATE TABLE purchase_order_amendments (
    id                    uuid PRIMARY KEY,
    purchase_order_id     uuid        NOT NULL REFERENCES purchase_orders (id),
    headcount_from        integer     NOT NULL,
    headcount_to          integer     NOT NULL,
    partner_amendment_id  text        NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE supplier_confirmations (
    partner_order_id  text PRIMARY KEY,
    purchase_order_id uuid        NOT NULL REFERENCES purchase_orders (id),
    confirmed_at      timestamptz NOT NULL,
    eta               timestamptz,
    payload           jsonb       NOT NULL,
    received_at       timestamptz NOT NULL DEFAULT now()
);
