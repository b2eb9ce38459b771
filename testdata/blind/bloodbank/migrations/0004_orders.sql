-- Hospital orders, allocation of components to orders, and deliveries.

CREATE TABLE hospitals (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    api_client_id  text NOT NULL UNIQUE,
    name           text NOT NULL,
    sms_contact    text NOT NULL DEFAULT '',
    address        text NOT NULL DEFAULT ''
);

CREATE TABLE orders (
    id           uuid PRIMARY KEY,
    hospital_id  uuid        NOT NULL REFERENCES hospitals (id),
    reference    text        NOT NULL DEFAULT '',   -- hospital's own PO / ward reference, free text
    priority     text        NOT NULL DEFAULT 'routine' CHECK (priority IN ('routine', 'urgent', 'emergency')),
    status       text        NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'allocated', 'dispatched', 'delivered', 'cancelled')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE order_lines (
    order_id     uuid    NOT NULL REFERENCES orders (id),
    line_no      integer NOT NULL,
    kind         text    NOT NULL,
    blood_group  text    NOT NULL,
    quantity     integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE order_allocations (
    order_id      uuid        NOT NULL REFERENCES orders (id),
    component_id  uuid        NOT NULL REFERENCES components (id),
    line_no       integer     NOT NULL,
    allocated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, component_id)
);

CREATE TABLE deliveries (
    id                   uuid PRIMARY KEY,
    order_id             uuid        NOT NULL REFERENCES orders (id),
    courier_booking_ref  text        NOT NULL,
    status               text        NOT NULL DEFAULT 'dispatched'
                         CHECK (status IN ('dispatched', 'delivered', 'returned')),
    dispatched_at        timestamptz NOT NULL DEFAULT now(),
    delivered_at         timestamptz,
    received_by          text
);

CREATE TABLE dispatch_attempts (
    id            uuid PRIMARY KEY,
    order_id      uuid        NOT NULL REFERENCES orders (id),
    attempted_at  timestamptz NOT NULL DEFAULT now(),
    outcome       text        NOT NULL,
    detail        text        NOT NULL DEFAULT ''
);

CREATE TABLE delivery_events (
    id           bigserial PRIMARY KEY,
    delivery_id  uuid        NOT NULL REFERENCES deliveries (id),
    kind         text        NOT NULL,
    occurred_at  timestamptz NOT NULL DEFAULT now(),
    payload      jsonb       NOT NULL DEFAULT '{}'
);

-- Replay cache for hospital API calls carrying an Idempotency-Key header.
CREATE TABLE idempotency_keys (
    scope          text        NOT NULL,
    key            text        NOT NULL,
    status_code    integer     NOT NULL,
    response_body  bytea       NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
