-- migrate:up
CREATE TABLE orders (
    id                      uuid PRIMARY KEY,
    basket_id               uuid        NOT NULL UNIQUE REFERENCES baskets (id),
    customer_id             uuid        NOT NULL,
    customer_phone          text        NOT NULL DEFAULT '',
    store_id                text        NOT NULL REFERENCES partner_stores (id),
    status                  text        NOT NULL,
    slot_id                 uuid        REFERENCES delivery_slots (id),
    slot_reservation_id     uuid        REFERENCES slot_reservations (id),
    subtotal_pence          bigint      NOT NULL DEFAULT 0,
    delivery_fee_pence      bigint      NOT NULL DEFAULT 0,
    loyalty_discount_pence  bigint      NOT NULL DEFAULT 0,
    total_pence             bigint      NOT NULL DEFAULT 0,
    final_total_pence       bigint,
    delivery_instructions   text        NOT NULL DEFAULT '',
    partner_picklist_ref    text,
    picked_at               timestamptz,
    delivered_at            timestamptz,
    cancelled_at            timestamptz,
    cancel_reason           text,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);
CREATE INDEX orders_status_idx ON orders (status);

CREATE TABLE order_lines (
    id                uuid PRIMARY KEY,
    order_id          uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    sku               text        NOT NULL,
    name              text        NOT NULL,
    quantity          integer     NOT NULL CHECK (quantity > 0),
    unit_price_pence  bigint      NOT NULL,
    allow_substitute  boolean     NOT NULL DEFAULT true,
    status            text        NOT NULL DEFAULT 'pending',
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, sku)
);

CREATE TABLE idempotency_keys (
    scope            text        NOT NULL,
    key              text        NOT NULL,
    request_hash     text        NOT NULL,
    resource_id      text,
    response_status  integer,
    response_body    jsonb,
    created_at       timestamptz NOT NULL DEFAULT now(),
    completed_at     timestamptz,
    PRIMARY KEY (scope, key)
);

CREATE TABLE payment_authorisations (
    id                 text PRIMARY KEY,
    order_id           uuid        NOT NULL UNIQUE REFERENCES orders (id),
    processor_ref      text,
    currency           text        NOT NULL DEFAULT 'GBP',
    amount_pence       bigint      NOT NULL,
    authorised_pence   bigint      NOT NULL DEFAULT 0,
    captured_pence     bigint      NOT NULL DEFAULT 0,
    status             text        NOT NULL,
    decline_code       text,
    card_token         text        NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payment_authorisations_processor_ref_key
    ON payment_authorisations (processor_ref) WHERE processor_ref IS NOT NULL;

-- Append-only log of every call made to the processor.
CREATE TABLE payment_attempts (
    id               text PRIMARY KEY,
    authorisation_id text        NOT NULL REFERENCES payment_authorisations (id),
    operation        text        NOT NULL,
    idempotency_key  text,
    http_status      integer,
    outcome          text        NOT NULL,
    detail           text,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payment_attempts_auth_idx ON payment_attempts (authorisation_id, created_at);

CREATE TABLE webhook_events (
    provider     text        NOT NULL,
    event_id     text        NOT NULL,
    event_type   text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- migrate:down
DROP TABLE webhook_events;
DROP TABLE payment_attempts;
DROP TABLE payment_authorisations;
DROP TABLE idempotency_keys;
DROP TABLE order_lines;
DROP TABLE orders;
