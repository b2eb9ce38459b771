-- Accounts, transponders and registered vehicles.

CREATE TABLE IF NOT EXISTS accounts (
    id                    TEXT PRIMARY KEY,
    holder_name           TEXT        NOT NULL,
    email                 TEXT        NOT NULL,
    phone                 TEXT        NOT NULL DEFAULT '',
    plan                  TEXT        NOT NULL CHECK (plan IN ('prepaid', 'postpaid')),
    status                TEXT        NOT NULL DEFAULT 'active',
    balance_cents         BIGINT      NOT NULL DEFAULT 0,
    outstanding_cents     BIGINT      NOT NULL DEFAULT 0,
    auto_top_up_threshold BIGINT      NOT NULL DEFAULT 0,
    auto_top_up_amount    BIGINT      NOT NULL DEFAULT 0,
    payment_token         TEXT        NOT NULL DEFAULT '',
    shopper_reference     TEXT        NOT NULL DEFAULT '',
    sms_alerts            BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS accounts_email_idx ON accounts (lower(email));

CREATE TABLE IF NOT EXISTS transponders (
    serial     TEXT PRIMARY KEY,
    account_id TEXT        NOT NULL REFERENCES accounts (id),
    status     TEXT        NOT NULL DEFAULT 'valid',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS transponders_account_idx ON transponders (account_id);

-- Status changes pushed by the interoperability hub; (serial, seq) is the
-- hub's own event identity.
CREATE TABLE IF NOT EXISTS transponder_status_events (
    id          BIGSERIAL PRIMARY KEY,
    serial      TEXT        NOT NULL,
    seq         BIGINT      NOT NULL,
    status      TEXT        NOT NULL,
    reason      TEXT        NOT NULL DEFAULT '',
    occurred_at TIMESTAMPTZ NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT transponder_status_events_serial_seq_key UNIQUE (serial, seq)
);

CREATE TABLE IF NOT EXISTS vehicles (
    id            TEXT PRIMARY KEY,
    account_id    TEXT        NOT NULL REFERENCES accounts (id),
    plate_state   TEXT        NOT NULL,
    plate_number  TEXT        NOT NULL,
    vehicle_class INT         NOT NULL DEFAULT 2,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT vehicles_plate_key UNIQUE (plate_state, plate_number)
);

CREATE INDEX IF NOT EXISTS vehicles_account_idx ON vehicles (account_id);
