-- +goose Up
CREATE TABLE customers (
    id          uuid PRIMARY KEY,
    email       text NOT NULL,
    phone       text,
    full_name   text NOT NULL,
    card_token  text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX customers_email_uq ON customers (lower(email));

CREATE TABLE subscriptions (
    id                   uuid PRIMARY KEY,
    customer_id          uuid NOT NULL REFERENCES customers (id),
    plan_code            text NOT NULL,
    vehicle_plate        text NOT NULL,
    status               text NOT NULL CHECK (status IN ('active', 'past_due', 'cancelled')),
    price_cents          bigint NOT NULL CHECK (price_cents >= 0),
    current_period_start timestamptz NOT NULL,
    current_period_end   timestamptz NOT NULL,
    cancelled_at         timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CHECK (current_period_end > current_period_start)
);

-- One live membership per vehicle; cancelled rows are kept for history.
CREATE UNIQUE INDEX subscriptions_live_vehicle_uq
    ON subscriptions (customer_id, vehicle_plate)
    WHERE status <> 'cancelled';

CREATE INDEX subscriptions_due_idx
    ON subscriptions (current_period_end, id)
    WHERE status = 'active';

CREATE TABLE subscription_charges (
    id                  uuid PRIMARY KEY,
    subscription_id     uuid NOT NULL REFERENCES subscriptions (id),
    period_start        timestamptz NOT NULL,
    period_end          timestamptz NOT NULL,
    amount_cents        bigint NOT NULL CHECK (amount_cents >= 0),
    status              text NOT NULL CHECK (status IN ('pending', 'processing', 'succeeded', 'failed', 'void')),
    processor_charge_id text,
    failure_reason      text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX subscription_charges_sub_idx ON subscription_charges (subscription_id, period_start);

CREATE UNIQUE INDEX subscription_charges_processor_uq
    ON subscription_charges (processor_charge_id)
    WHERE processor_charge_id IS NOT NULL;

-- Client-supplied Idempotency-Key values claimed by service operations.
CREATE TABLE idempotency_keys (
    scope       text NOT NULL,
    key         text NOT NULL,
    owner_id    uuid NOT NULL,
    resource_id uuid,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE idempotency_keys;
DROP TABLE subscription_charges;
DROP TABLE subscriptions;
DROP TABLE customers;
