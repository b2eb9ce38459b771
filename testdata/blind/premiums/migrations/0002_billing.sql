-- 0002: premium schedules, collection runs, charges, refunds and the ledger.

CREATE TABLE premium_schedules (
    id            TEXT PRIMARY KEY,
    policy_id     TEXT NOT NULL REFERENCES policies(id),
    period_start  DATE NOT NULL,
    period_end    DATE NOT NULL,
    amount_cents  BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'due',  -- due, collecting, paid, failed, void
    paid_at       TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (policy_id, period_start)
);

CREATE INDEX premium_schedules_due_idx ON premium_schedules (status, period_start);

CREATE TABLE premium_runs (
    id            TEXT PRIMARY KEY,         -- run-YYYY-MM
    period        TEXT NOT NULL,
    scheduled     INT NOT NULL DEFAULT 0,
    started_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at   TIMESTAMPTZ
);

CREATE TABLE premium_charges (
    id                 TEXT PRIMARY KEY,
    policy_id          TEXT NOT NULL REFERENCES policies(id),
    schedule_id        TEXT REFERENCES premium_schedules(id),
    kind               TEXT NOT NULL,       -- first_premium, monthly, arrears
    amount_cents       BIGINT NOT NULL,
    currency           TEXT NOT NULL,
    status             TEXT NOT NULL,       -- pending, succeeded, failed
    payment_intent_id  TEXT UNIQUE,
    failure_code       TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX premium_charges_policy_idx ON premium_charges (policy_id);

CREATE TABLE arrears_payments (
    id                TEXT PRIMARY KEY,
    policy_id         TEXT NOT NULL REFERENCES policies(id),
    amount_cents      BIGINT NOT NULL,
    payment_intent_id TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                TEXT PRIMARY KEY,
    policy_id         TEXT NOT NULL REFERENCES policies(id),
    payment_intent_id TEXT NOT NULL,
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL,        -- pending, succeeded, failed
    stripe_refund_id  TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Double-entry-ish ledger; external_ref points at whatever caused the entry.
CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    policy_id     TEXT NOT NULL REFERENCES policies(id),
    account       TEXT NOT NULL,        -- premiums, claims_reserve, disputes, refunds
    amount_cents  BIGINT NOT NULL,      -- signed
    currency      TEXT NOT NULL,
    external_ref  TEXT,
    memo          TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_policy_idx ON ledger_entries (policy_id, created_at);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
