-- Skyhop dispatch schema. Baseline; incremental changes live in sql/patches.

CREATE TABLE merchants (
    id                   uuid PRIMARY KEY,
    name                 text        NOT NULL,
    billing_email        text        NOT NULL,
    payment_customer_id  text        NOT NULL,
    payment_method_id    text,
    outstanding_cents    bigint      NOT NULL DEFAULT 0,
    credit_cents         bigint      NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
    currency             char(3)     NOT NULL DEFAULT 'EUR',
    created_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (payment_customer_id)
);

CREATE TABLE depots (
    id    text PRIMARY KEY,
    name  text             NOT NULL,
    lat   double precision NOT NULL,
    lng   double precision NOT NULL
);

CREATE TABLE orders (
    id                uuid PRIMARY KEY,
    merchant_id       uuid             NOT NULL REFERENCES merchants (id),
    merchant_ref      text             NOT NULL,
    status            text             NOT NULL CHECK (status IN
                          ('pending_payment', 'scheduled', 'in_flight', 'delivered', 'failed', 'cancelled')),
    priority          text             NOT NULL DEFAULT 'standard' CHECK (priority IN ('standard', 'express')),
    pickup_depot_id   text             NOT NULL REFERENCES depots (id),
    dropoff_lat       double precision NOT NULL,
    dropoff_lng       double precision NOT NULL,
    recipient_name    text             NOT NULL,
    recipient_phone   text             NOT NULL,
    parcel_grams      integer          NOT NULL CHECK (parcel_grams > 0),
    fee_cents         bigint           NOT NULL,
    currency          char(3)          NOT NULL,
    charge_id         text,
    created_at        timestamptz      NOT NULL DEFAULT now(),
    updated_at        timestamptz      NOT NULL DEFAULT now(),
    launched_at       timestamptz,
    delivered_at      timestamptz
);

CREATE INDEX orders_merchant_ref_idx ON orders (merchant_id, merchant_ref);
CREATE INDEX orders_status_idx ON orders (status) WHERE status IN ('scheduled', 'in_flight');

CREATE TABLE flight_plans (
    id                 uuid PRIMARY KEY,
    order_id           uuid        NOT NULL REFERENCES orders (id),
    drone_id           text        NOT NULL,
    operator_ref       text        NOT NULL UNIQUE,
    authority_plan_id  text        UNIQUE,
    status             text        NOT NULL CHECK (status IN
                           ('filed', 'approved', 'rejected', 'active', 'completed', 'cancelled')),
    window_start       timestamptz NOT NULL,
    window_end         timestamptz NOT NULL,
    max_altitude_m     integer     NOT NULL,
    route              jsonb       NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

-- One live plan per order; the authority rejects overlapping plans for the same airframe anyway.
CREATE UNIQUE INDEX flight_plans_live_order_uq
    ON flight_plans (order_id) WHERE status IN ('filed', 'approved', 'active');

CREATE TABLE flight_plan_decisions (
    id                     bigserial PRIMARY KEY,
    authority_decision_id  text        NOT NULL UNIQUE,
    flight_plan_id         uuid        NOT NULL REFERENCES flight_plans (id),
    decision               text        NOT NULL CHECK (decision IN ('approved', 'rejected', 'revoked')),
    reason                 text,
    decided_at             timestamptz NOT NULL,
    received_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE batteries (
    serial        text PRIMARY KEY,
    depot_id      text        REFERENCES depots (id),
    drone_id      text,
    cycle_count   integer     NOT NULL DEFAULT 0,
    health_pct    integer     NOT NULL DEFAULT 100,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE depot_battery_slots (
    depot_id        text        NOT NULL REFERENCES depots (id),
    slot            integer     NOT NULL,
    battery_serial  text        REFERENCES batteries (serial),
    charge_pct      integer     NOT NULL DEFAULT 0,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (depot_id, slot)
);

CREATE TABLE battery_swaps (
    swap_id           uuid PRIMARY KEY,
    depot_id          text        NOT NULL REFERENCES depots (id),
    drone_id          text        NOT NULL,
    removed_serial    text        NOT NULL REFERENCES batteries (serial),
    installed_serial  text        NOT NULL REFERENCES batteries (serial),
    slot              integer     NOT NULL,
    technician        text        NOT NULL,
    swapped_at        timestamptz NOT NULL
);

CREATE TABLE proof_of_delivery (
    order_id      uuid PRIMARY KEY REFERENCES orders (id),
    photo_key     text             NOT NULL,
    photo_sha256  text             NOT NULL,
    drone_id      text             NOT NULL,
    lat           double precision NOT NULL,
    lng           double precision NOT NULL,
    captured_at   timestamptz      NOT NULL,
    recorded_at   timestamptz      NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                 uuid PRIMARY KEY,
    order_id           uuid        NOT NULL REFERENCES orders (id),
    merchant_id        uuid        NOT NULL REFERENCES merchants (id),
    kind               text        NOT NULL CHECK (kind IN ('failed_delivery', 'goodwill')),
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    reason             text        NOT NULL,
    status             text        NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider_refund_id text        UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

-- A failed delivery is refunded exactly once; goodwill refunds are discretionary.
CREATE UNIQUE INDEX refunds_failed_delivery_uq ON refunds (order_id) WHERE kind = 'failed_delivery';

CREATE TABLE invoices (
    id                uuid PRIMARY KEY,
    merchant_id       uuid        NOT NULL REFERENCES merchants (id),
    period            text        NOT NULL,
    amount_cents      bigint      NOT NULL,
    currency          char(3)     NOT NULL,
    status            text        NOT NULL CHECK (status IN ('open', 'paid', 'void')),
    charge_id         text        UNIQUE,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    paid_at           timestamptz,
    UNIQUE (merchant_id, period)
);

CREATE TABLE merchant_ledger (
    id           uuid PRIMARY KEY,
    merchant_id  uuid        NOT NULL REFERENCES merchants (id),
    order_id     uuid        REFERENCES orders (id),
    entry_type   text        NOT NULL,
    amount_cents bigint      NOT NULL,
    memo         text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX merchant_ledger_merchant_idx ON merchant_ledger (merchant_id, created_at);

CREATE TABLE credit_notes (
    id            uuid PRIMARY KEY,
    merchant_id   uuid        NOT NULL REFERENCES merchants (id),
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    reason        text        NOT NULL,
    issued_by     text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
