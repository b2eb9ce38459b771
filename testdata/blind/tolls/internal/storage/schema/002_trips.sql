-- Gantry reads, assembled trips, tariffs and trip charges.

CREATE TABLE IF NOT EXISTS gantry_reads (
    gantry_id     TEXT        NOT NULL,
    read_seq      BIGINT      NOT NULL,
    serial        TEXT        NOT NULL,
    plaza_id      TEXT        NOT NULL,
    direction     TEXT        NOT NULL DEFAULT '',
    is_exit       BOOLEAN     NOT NULL DEFAULT FALSE,
    vehicle_class INT         NOT NULL DEFAULT 2,
    read_at       TIMESTAMPTZ NOT NULL,
    trip_id       TEXT        NOT NULL DEFAULT '',
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (gantry_id, read_seq)
);

CREATE TABLE IF NOT EXISTS trips (
    id              TEXT PRIMARY KEY,
    account_id      TEXT        NOT NULL,
    serial          TEXT        NOT NULL,
    entry_plaza     TEXT        NOT NULL,
    exit_plaza      TEXT        NOT NULL DEFAULT '',
    vehicle_class   INT         NOT NULL DEFAULT 2,
    status          TEXT        NOT NULL DEFAULT 'open',
    amount_cents    BIGINT      NOT NULL DEFAULT 0,
    opened_at       TIMESTAMPTZ NOT NULL,
    closed_at       TIMESTAMPTZ,
    receipt_sent_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS trips_open_by_serial_idx ON trips (serial) WHERE status = 'open';
CREATE INDEX IF NOT EXISTS trips_account_idx ON trips (account_id, opened_at DESC);

CREATE TABLE IF NOT EXISTS tariffs (
    entry_plaza    TEXT        NOT NULL,
    exit_plaza     TEXT        NOT NULL,
    vehicle_class  INT         NOT NULL,
    effective_from TIMESTAMPTZ NOT NULL,
    amount_cents   BIGINT      NOT NULL,
    updated_by     TEXT        NOT NULL DEFAULT '',
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (entry_plaza, exit_plaza, vehicle_class, effective_from)
);

CREATE TABLE IF NOT EXISTS trip_charges (
    id             TEXT PRIMARY KEY,
    trip_id        TEXT        NOT NULL,
    account_id     TEXT        NOT NULL,
    amount_cents   BIGINT      NOT NULL,
    refunded_cents BIGINT      NOT NULL DEFAULT 0,
    method         TEXT        NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT trip_charges_trip_key UNIQUE (trip_id)
);
