-- +goose Up
CREATE TABLE deposit_payments (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL UNIQUE REFERENCES bookings (id),
    idempotency_key text NOT NULL UNIQUE,
    amount_cents    bigint NOT NULL,
    status          text NOT NULL DEFAULT 'pending',
    charge_id       text,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- One row per call to the processor; grows with every attempt by design.
CREATE TABLE payment_attempts (
    id         text PRIMARY KEY,
    payment_id text NOT NULL,
    outcome    text NOT NULL,
    detail     text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE balance_charges (
    booking_id   text PRIMARY KEY REFERENCES bookings (id),
    charge_id    text NOT NULL,
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                  text PRIMARY KEY,
    booking_id          text NOT NULL UNIQUE REFERENCES bookings (id),
    alert_id            text,
    charge_id           text NOT NULL,
    amount_cents        bigint NOT NULL,
    status              text NOT NULL DEFAULT 'pending',
    processor_refund_id text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE booking_extras (
    id          text PRIMARY KEY,
    booking_id  text NOT NULL REFERENCES bookings (id),
    extra_code  text NOT NULL REFERENCES extras_catalog (code),
    quantity    integer NOT NULL,
    price_cents bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE trip_charges (
    id            text PRIMARY KEY,
    booking_id    text NOT NULL REFERENCES bookings (id),
    charge_type   text NOT NULL,
    amount_cents  bigint NOT NULL,
    request_key   text NOT NULL DEFAULT '',
    settlement_id text,
    billed_at     timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (booking_id, charge_type)
);

CREATE TABLE settlements (
    id           text PRIMARY KEY,
    booking_id   text NOT NULL REFERENCES bookings (id),
    charge_id    text NOT NULL,
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id           text PRIMARY KEY,
    trip_id      text NOT NULL REFERENCES trips (id),
    booking_id   text,
    party_id     text NOT NULL DEFAULT '',
    kind         text NOT NULL,
    amount_cents bigint NOT NULL,
    memo         text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_trip_idx ON ledger_entries (trip_id);

CREATE TABLE rpc_replays (
    method      text NOT NULL,
    request_key text NOT NULL,
    response    jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (method, request_key)
);

-- +goose Down
DROP TABLE rpc_replays;
DROP TABLE ledger_entries;
DROP TABLE settlements;
DROP TABLE trip_charges;
DROP TABLE booking_extras;
DROP TABLE refunds;
DROP TABLE balance_charges;
DROP TABLE payment_attempts;
DROP TABLE deposit_payments;
