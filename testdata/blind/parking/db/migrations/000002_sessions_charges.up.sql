CREATE TABLE parking_sessions (
    id         UUID PRIMARY KEY,
    account_id UUID NOT NULL REFERENCES accounts(id),
    vehicle_id UUID NOT NULL REFERENCES vehicles(id),
    plate      TEXT NOT NULL,
    zone_id    TEXT NOT NULL REFERENCES zones(id),
    status     TEXT NOT NULL DEFAULT 'active',
    started_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    ended_at   TIMESTAMPTZ,
    fee_cents  BIGINT,
    source     TEXT NOT NULL DEFAULT 'app',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX parking_sessions_active_idx ON parking_sessions (plate, zone_id) WHERE status = 'active';

CREATE TABLE settlement_batches (
    id            UUID PRIMARY KEY,
    business_date DATE NOT NULL,
    status        TEXT NOT NULL DEFAULT 'open',
    charge_count  INT NOT NULL DEFAULT 0,
    total_cents   BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at TIMESTAMPTZ,
    CONSTRAINT settlement_batches_business_date_key UNIQUE (business_date)
);

CREATE TABLE charges (
    id                UUID PRIMARY KEY,
    account_id        UUID NOT NULL REFERENCES accounts(id),
    session_id        UUID REFERENCES parking_sessions(id),
    garage_session_id UUID,
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id TEXT,
    batch_id          UUID REFERENCES settlement_batches(id),
    failure_reason    TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX charges_pending_idx ON charges (created_at) WHERE status = 'pending';

CREATE TABLE charge_attempts (
    id         UUID PRIMARY KEY,
    charge_id  UUID NOT NULL REFERENCES charges(id),
    attempt    INT NOT NULL,
    outcome    TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               UUID PRIMARY KEY,
    session_id       UUID NOT NULL REFERENCES parking_sessions(id),
    charge_id        UUID NOT NULL REFERENCES charges(id),
    amount_cents     BIGINT NOT NULL,
    reason           TEXT NOT NULL,
    requested_by     TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending',
    stripe_refund_id TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at     TIMESTAMPTZ,
    CONSTRAINT refunds_session_key UNIQUE (session_id)
);

CREATE TABLE ledger_entries (
    id           UUID PRIMARY KEY,
    account_id   UUID NOT NULL REFERENCES accounts(id),
    kind         TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    reference    TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, created_at);
