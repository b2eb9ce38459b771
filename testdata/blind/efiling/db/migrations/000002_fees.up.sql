CREATE TABLE payments (
    id                 uuid PRIMARY KEY,
    filing_id          uuid NOT NULL REFERENCES filings (id),
    firm_id            uuid NOT NULL REFERENCES firms (id),
    kind               text NOT NULL CHECK (kind IN ('filing_fee', 'fee_adjustment')),
    payment_intent_id  text NOT NULL UNIQUE,
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    captured_cents     bigint NOT NULL DEFAULT 0,
    refunded_cents     bigint NOT NULL DEFAULT 0,
    status             text NOT NULL,
    reconciled_at      timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

-- A filing carries at most one live filing-fee authorization.
CREATE UNIQUE INDEX payments_one_live_fee
    ON payments (filing_id)
    WHERE kind = 'filing_fee' AND status IN ('requires_capture', 'succeeded');

CREATE TABLE refunds (
    id                uuid PRIMARY KEY,
    payment_id        uuid NOT NULL REFERENCES payments (id),
    stripe_refund_id  text NOT NULL UNIQUE,
    amount_cents      bigint NOT NULL,
    reason            text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fee_adjustments (
    id                 uuid PRIMARY KEY,
    filing_id          uuid NOT NULL REFERENCES filings (id),
    ledger_ref         text NOT NULL UNIQUE,
    delta_cents        bigint NOT NULL CHECK (delta_cents > 0),
    status             text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'charged', 'failed')),
    payment_intent_id  text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fee_reconciliation_items (
    id                 uuid PRIMARY KEY,
    run_date           date NOT NULL,
    ledger_ref         text NOT NULL UNIQUE,
    envelope_id        text NOT NULL,
    court_fee_cents    bigint NOT NULL,
    collected_cents    bigint NOT NULL,
    status             text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX fee_reconciliation_items_run_idx ON fee_reconciliation_items (run_date);

CREATE TABLE ledger_entries (
    id            uuid PRIMARY KEY,
    payment_id    uuid NOT NULL REFERENCES payments (id),
    account       text NOT NULL,
    amount_cents  bigint NOT NULL,
    memo          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
