-- Per-service payroll for contracted musicians.

CREATE TABLE musicians (
    id                 TEXT PRIMARY KEY,
    full_name          TEXT NOT NULL,
    section            TEXT NOT NULL,
    email              TEXT NOT NULL,
    payout_account_ref TEXT NOT NULL,
    service_rate_cents BIGINT NOT NULL CHECK (service_rate_cents > 0),
    active             BOOLEAN NOT NULL DEFAULT true
);

-- A "service" is one rehearsal or performance call.
CREATE TABLE services (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('rehearsal', 'dress', 'concert', 'education')),
    starts_at    TIMESTAMPTZ NOT NULL,
    length_hours NUMERIC(4, 2) NOT NULL
);

CREATE TABLE service_attendance (
    id             TEXT PRIMARY KEY,
    service_id     TEXT NOT NULL REFERENCES services (id),
    musician_id    TEXT NOT NULL REFERENCES musicians (id),
    amount_cents   BIGINT NOT NULL CHECK (amount_cents >= 0),
    doubling       BOOLEAN NOT NULL DEFAULT false,
    payroll_run_id TEXT,
    recorded_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (service_id, musician_id)
);

CREATE TABLE payroll_runs (
    id           TEXT PRIMARY KEY,
    period_start DATE NOT NULL UNIQUE,
    period_end   DATE NOT NULL,
    total_cents  BIGINT NOT NULL DEFAULT 0,
    status       TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'closed', 'paid')),
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                 TEXT PRIMARY KEY,
    payroll_run_id     TEXT NOT NULL REFERENCES payroll_runs (id),
    musician_id        TEXT NOT NULL REFERENCES musicians (id),
    amount_cents       BIGINT NOT NULL CHECK (amount_cents > 0),
    status             TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'submitted', 'paid', 'returned')),
    bank_transfer_id   TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (payroll_run_id, musician_id)
);

-- One row per attempt to push a payout to the bank, kept for the auditors.
CREATE TABLE payout_attempts (
    id          TEXT PRIMARY KEY,
    payout_id   TEXT NOT NULL REFERENCES payouts (id),
    started_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ,
    outcome     TEXT,
    detail      TEXT
);
