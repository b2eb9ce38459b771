-- migrate:up
CREATE TABLE dues_invoices (
    id                   text PRIMARY KEY,
    member_id            text NOT NULL REFERENCES members (id),
    period               text NOT NULL,
    amount_cents         bigint NOT NULL,
    status               text NOT NULL DEFAULT 'open'
                         CHECK (status IN ('open', 'processing', 'paid', 'failed', 'void')),
    processor_charge_id  text UNIQUE,
    failure_count        integer NOT NULL DEFAULT 0,
    last_failure_code    text,
    paid_at              timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT dues_invoices_member_period_key UNIQUE (member_id, period)
);

-- Append-only: one row per attempt to collect an invoice.
CREATE TABLE payment_attempts (
    id               text PRIMARY KEY,
    invoice_id       text NOT NULL REFERENCES dues_invoices (id),
    idempotency_key  text NOT NULL,
    channel          text NOT NULL,
    outcome          text NOT NULL,
    detail           text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payment_attempts_invoice_idx ON payment_attempts (invoice_id, created_at);

CREATE TABLE meter_readings (
    id            text PRIMARY KEY,
    machine_id    text NOT NULL REFERENCES machines (id),
    meter_id      text NOT NULL,
    meter_seq     bigint NOT NULL,
    metric        text NOT NULL,
    value         double precision NOT NULL,
    recorded_at   timestamptz NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX meter_readings_machine_idx ON meter_readings (machine_id, recorded_at);

CREATE TABLE usage_sessions (
    id               text PRIMARY KEY,
    machine_id       text NOT NULL REFERENCES machines (id),
    session_no       bigint NOT NULL,
    member_id        text REFERENCES members (id),
    booking_id       text REFERENCES bookings (id),
    runtime_seconds  integer NOT NULL,
    consumable_cents bigint NOT NULL DEFAULT 0,
    started_at       timestamptz NOT NULL,
    ended_at         timestamptz NOT NULL,
    CONSTRAINT usage_sessions_machine_session_key UNIQUE (machine_id, session_no)
);

CREATE TABLE machine_status (
    machine_id    text PRIMARY KEY REFERENCES machines (id),
    state         text NOT NULL,
    tube_hours    double precision,
    firmware      text,
    observed_at   timestamptz NOT NULL
);

CREATE TABLE booking_overages (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL UNIQUE REFERENCES bookings (id),
    member_id       text NOT NULL REFERENCES members (id),
    overage_minutes integer NOT NULL,
    amount_cents    bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE booking_overages;
DROP TABLE machine_status;
DROP TABLE usage_sessions;
DROP TABLE meter_readings;
DROP TABLE payment_attempts;
DROP TABLE dues_invoices;
