CREATE TABLE foster_carers (
    id              TEXT PRIMARY KEY,
    name            TEXT        NOT NULL,
    email           TEXT        NOT NULL,
    payout_account  TEXT        NOT NULL,
    balance_cents   BIGINT      NOT NULL DEFAULT 0,
    active          BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at      TIMESTAMPTZ NOT NULL
);

CREATE TABLE placements (
    id               TEXT PRIMARY KEY,
    animal_id        TEXT        NOT NULL REFERENCES animals (id),
    foster_id        TEXT        NOT NULL REFERENCES foster_carers (id),
    daily_rate_cents BIGINT      NOT NULL,
    started_at       TIMESTAMPTZ NOT NULL,
    ended_at         TIMESTAMPTZ,
    end_reason       TEXT
);

CREATE TABLE foster_adjustments (
    id           TEXT PRIMARY KEY,
    foster_id    TEXT        NOT NULL REFERENCES foster_carers (id),
    amount_cents BIGINT      NOT NULL,
    reason       TEXT        NOT NULL,
    created_by   TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);

CREATE TABLE stipend_runs (
    id        TEXT PRIMARY KEY,
    period    TEXT        NOT NULL UNIQUE,
    opened_at TIMESTAMPTZ NOT NULL,
    closed_at TIMESTAMPTZ
);

CREATE TABLE stipends (
    id           TEXT PRIMARY KEY,
    run_id       TEXT        NOT NULL REFERENCES stipend_runs (id),
    foster_id    TEXT        NOT NULL REFERENCES foster_carers (id),
    period       TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'pending',
    payout_ref   TEXT,
    paid_at      TIMESTAMPTZ,
    CONSTRAINT stipends_foster_period_key UNIQUE (foster_id, period)
);

CREATE TABLE foster_ledger (
    id           TEXT PRIMARY KEY,
    foster_id    TEXT        NOT NULL REFERENCES foster_carers (id),
    stipend_id   TEXT,
    entry_type   TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
