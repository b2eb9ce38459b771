-- Driver payouts, fuel advances and operational bookkeeping tables.

CREATE TABLE driver_ledger (
    id            TEXT PRIMARY KEY,
    driver_id     TEXT        NOT NULL REFERENCES drivers (id),
    shipment_id   TEXT REFERENCES shipments (id),
    payout_id     TEXT,
    kind          TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT driver_ledger_kind_ck CHECK (kind IN ('earning', 'payout', 'fuel_advance', 'adjustment'))
);

CREATE INDEX driver_ledger_driver_idx ON driver_ledger (driver_id, created_at);
CREATE UNIQUE INDEX driver_ledger_earning_uq
    ON driver_ledger (shipment_id)
    WHERE kind = 'earning';

CREATE TABLE payout_runs (
    id            TEXT PRIMARY KEY,
    period_start  DATE        NOT NULL,
    period_end    DATE        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payout_runs_period_uq UNIQUE (period_start)
);

CREATE TABLE driver_payouts (
    id            TEXT PRIMARY KEY,
    driver_id     TEXT        NOT NULL REFERENCES drivers (id),
    period_start  DATE        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL DEFAULT 'usd',
    status        TEXT        NOT NULL DEFAULT 'pending',
    provider_ref  TEXT,
    paid_at       TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT driver_payouts_driver_period_uq UNIQUE (driver_id, period_start),
    CONSTRAINT driver_payouts_status_ck CHECK (status IN ('pending', 'paid', 'failed'))
);

CREATE TABLE fuel_advances (
    id            TEXT PRIMARY KEY,
    driver_id     TEXT        NOT NULL REFERENCES drivers (id),
    shipment_id   TEXT REFERENCES shipments (id),
    amount_cents  BIGINT      NOT NULL,
    provider_ref  TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope         TEXT        NOT NULL,
    key           TEXT        NOT NULL,
    resource_id   TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Append-only log of every worker attempt, kept for support investigations.
CREATE TABLE job_attempts (
    id            TEXT PRIMARY KEY,
    job_id        BIGINT      NOT NULL,
    kind          TEXT        NOT NULL,
    attempt       INTEGER     NOT NULL,
    error         TEXT,
    finished_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX job_attempts_job_idx ON job_attempts (job_id);
