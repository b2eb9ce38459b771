-- Drivers, shifts, expenses and payouts.

CREATE TABLE drivers (
    id                uuid PRIMARY KEY,
    name              text NOT NULL,
    bank_account_ref  text NOT NULL,
    hourly_rate_cents bigint NOT NULL CHECK (hourly_rate_cents > 0),
    active            boolean NOT NULL DEFAULT true
);

CREATE TABLE driver_shifts (
    id         uuid PRIMARY KEY,
    driver_id  uuid NOT NULL REFERENCES drivers (id),
    trip_id    uuid REFERENCES trips (id),
    started_at timestamptz NOT NULL,
    ended_at   timestamptz,
    minutes    integer,
    status     text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed'))
);

-- A driver can only have one shift open at a time.
CREATE UNIQUE INDEX driver_shifts_one_open_idx ON driver_shifts (driver_id) WHERE status = 'open';

CREATE TABLE shift_expenses (
    id           uuid PRIMARY KEY,
    shift_id     uuid NOT NULL REFERENCES driver_shifts (id),
    kind         text NOT NULL CHECK (kind IN ('fuel', 'toll', 'parking', 'meal', 'other')),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    receipt_ref  text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE driver_payouts (
    id                 uuid PRIMARY KEY,
    shift_id           uuid NOT NULL UNIQUE REFERENCES driver_shifts (id),
    driver_id          uuid NOT NULL REFERENCES drivers (id),
    amount_cents       bigint NOT NULL,
    currency           text NOT NULL DEFAULT 'gbp',
    status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
    provider_payout_id text UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz
);

CREATE INDEX driver_payouts_pending_idx ON driver_payouts (created_at) WHERE status = 'pending';

-- One row per worker attempt; support reads these when a payout is stuck.
CREATE TABLE payout_attempts (
    id         uuid PRIMARY KEY,
    payout_id  uuid NOT NULL REFERENCES driver_payouts (id),
    attempt    integer NOT NULL,
    outcome    text NOT NULL,
    detail     text,
    created_at timestamptz NOT NULL DEFAULT now()
);
