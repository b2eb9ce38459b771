-- +goose Up
CREATE TABLE bays (
    site_id    text NOT NULL,
    bay_id     text NOT NULL,
    label      text NOT NULL,
    active     boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (site_id, bay_id)
);

CREATE TABLE washes (
    id                  uuid PRIMARY KEY,
    site_id             text NOT NULL,
    bay_id              text NOT NULL,
    source              text NOT NULL CHECK (source IN ('member', 'kiosk', 'fleet', 'rewash')),
    program             text NOT NULL,
    amount_cents        bigint NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
    customer_id         uuid REFERENCES customers (id),
    subscription_id     uuid REFERENCES subscriptions (id),
    fleet_account_id    uuid,
    vehicle_plate       text,
    kiosk_id            text,
    kiosk_txn_id        text,
    processor_charge_id text,
    controller_cycle_id text,
    rewash_of           uuid REFERENCES washes (id),
    status              text NOT NULL CHECK (status IN ('paid', 'dispatched', 'running', 'completed', 'failed',
                                                        'rewashed', 'refund_requested', 'refunded')),
    failure_reason      text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (site_id, bay_id) REFERENCES bays (site_id, bay_id)
);

CREATE INDEX washes_kiosk_txn_idx ON washes (kiosk_id, kiosk_txn_id) WHERE kiosk_id IS NOT NULL;
CREATE INDEX washes_customer_idx ON washes (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX washes_charge_idx ON washes (processor_charge_id) WHERE processor_charge_id IS NOT NULL;
CREATE INDEX washes_fleet_idx ON washes (fleet_account_id, created_at) WHERE fleet_account_id IS NOT NULL;

CREATE UNIQUE INDEX washes_controller_cycle_uq
    ON washes (controller_cycle_id)
    WHERE controller_cycle_id IS NOT NULL;

-- A failed wash gets at most one free rewash.
CREATE UNIQUE INDEX washes_rewash_of_uq
    ON washes (rewash_of)
    WHERE rewash_of IS NOT NULL;

-- Telemetry reported by the bay controller when a cycle finishes.
CREATE TABLE wash_cycles (
    controller_cycle_id text PRIMARY KEY,
    wash_id             uuid NOT NULL REFERENCES washes (id),
    site_id             text NOT NULL,
    bay_id              text NOT NULL,
    outcome             text NOT NULL CHECK (outcome IN ('completed', 'failed')),
    duration_seconds    integer NOT NULL DEFAULT 0,
    water_litres        numeric(8, 2) NOT NULL DEFAULT 0,
    error_code          text,
    reported_at         timestamptz NOT NULL
);

-- Member (subscription) wash requests made from the app at a bay.
CREATE TABLE bay_activations (
    id                  uuid PRIMARY KEY,
    request_id          text NOT NULL,
    customer_id         uuid NOT NULL REFERENCES customers (id),
    subscription_id     uuid NOT NULL REFERENCES subscriptions (id),
    site_id             text NOT NULL,
    bay_id              text NOT NULL,
    program             text NOT NULL,
    status              text NOT NULL CHECK (status IN ('pending', 'started', 'failed', 'expired')),
    controller_cycle_id text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (site_id, bay_id) REFERENCES bays (site_id, bay_id)
);

CREATE UNIQUE INDEX bay_activations_request_uq ON bay_activations (customer_id, request_id);
CREATE INDEX bay_activations_customer_day_idx ON bay_activations (customer_id, created_at);

-- One row per dispatch attempt, kept for support and controller SLAs.
CREATE TABLE bay_activation_attempts (
    id            bigserial PRIMARY KEY,
    activation_id uuid NOT NULL REFERENCES bay_activations (id),
    outcome       text NOT NULL,
    error_text    text,
    attempted_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bay_activation_attempts_activation_idx ON bay_activation_attempts (activation_id);

-- +goose Down
DROP TABLE bay_activation_attempts;
DROP TABLE bay_activations;
DROP TABLE wash_cycles;
DROP TABLE washes;
DROP TABLE bays;
