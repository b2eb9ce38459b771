CREATE TABLE meal_plan_accounts (
    student_id    TEXT PRIMARY KEY REFERENCES students (id),
    balance_cents BIGINT NOT NULL DEFAULT 0,
    frozen        BOOLEAN NOT NULL DEFAULT false,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE meal_plan_topups (
    id                  TEXT PRIMARY KEY,
    student_id          TEXT NOT NULL REFERENCES students (id),
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    processor_charge_id TEXT NOT NULL UNIQUE,
    status              TEXT NOT NULL DEFAULT 'succeeded'
        CHECK (status IN ('succeeded', 'refunded', 'disputed')),
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX meal_plan_topups_student_idx ON meal_plan_topups (student_id, created_at DESC);

-- Responses replayed by the API idempotency middleware.
CREATE TABLE api_idempotency_keys (
    scope           TEXT NOT NULL,
    idem_key        TEXT NOT NULL,
    response_status INTEGER NOT NULL,
    response_body   JSONB NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

-- Card processor webhook deliveries that have been applied.
CREATE TABLE card_webhook_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE chargebacks (
    processor_dispute_id TEXT PRIMARY KEY,
    processor_charge_id  TEXT NOT NULL,
    student_id           TEXT NOT NULL REFERENCES students (id),
    amount_cents         BIGINT NOT NULL,
    reason               TEXT NOT NULL,
    opened_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
