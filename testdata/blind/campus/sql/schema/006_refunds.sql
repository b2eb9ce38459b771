CREATE TABLE deposit_refunds (
    id                 TEXT PRIMARY KEY,
    assignment_id      TEXT NOT NULL UNIQUE REFERENCES room_assignments (id),
    student_id         TEXT NOT NULL REFERENCES students (id),
    amount_cents       BIGINT NOT NULL CHECK (amount_cents >= 0),
    status             TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'submitted', 'paid', 'failed', 'returned')),
    provider_payout_id TEXT UNIQUE,
    failure_reason     TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Account credit owed to a student (e.g. a refund the bank sent back).
CREATE TABLE student_credits (
    student_id    TEXT PRIMARY KEY REFERENCES students (id),
    balance_cents BIGINT NOT NULL DEFAULT 0,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payout_webhook_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
