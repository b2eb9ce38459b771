CREATE TABLE customers (
    id                 uuid PRIMARY KEY,
    name               text        NOT NULL,
    email              text        NOT NULL,
    stripe_customer_id text        NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT customers_stripe_customer_id_key UNIQUE (stripe_customer_id)
);

CREATE TABLE shipments (
    id                uuid PRIMARY KEY,
    reference         text        NOT NULL,
    shipper_id        uuid        NOT NULL REFERENCES customers (id),
    -- order_ref is the shipper's own order number. Shippers reuse these across
    -- seasons, so it is intentionally NOT unique.
    order_ref         text        NOT NULL,
    status            text        NOT NULL DEFAULT 'booked',
    carrier           text        NOT NULL,
    service_level     text        NOT NULL,
    origin            jsonb       NOT NULL,
    destination       jsonb       NOT NULL,
    consignee         jsonb       NOT NULL,
    weight_grams      integer     NOT NULL CHECK (weight_grams > 0),
    declared_cents    bigint      NOT NULL DEFAULT 0,
    currency          text        NOT NULL DEFAULT 'usd',
    payment_intent_id text,
    paid_cents        bigint      NOT NULL DEFAULT 0,
    has_exception     boolean     NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT shipments_reference_key UNIQUE (reference),
    CONSTRAINT shipments_status_check CHECK (status IN ('booked', 'labelled', 'in_transit', 'delivered', 'cancelled', 'exception'))
);

CREATE INDEX shipments_shipper_order_ref_idx ON shipments (shipper_id, order_ref);

CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,
    key          text        NOT NULL,
    request_hash text        NOT NULL,
    status_code  integer,
    response     jsonb,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
