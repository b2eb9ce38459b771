-- Card payments, deposits and refunds. op_key is the stable operation
-- identifier that is also sent to Stripe as the Idempotency-Key.

CREATE TABLE payments (
    id                 UUID PRIMARY KEY,
    op_key             TEXT NOT NULL UNIQUE,
    purpose            TEXT NOT NULL,
    boater_id          UUID NOT NULL REFERENCES boaters(id),
    reservation_id     UUID REFERENCES reservations(id),
    work_order_id      UUID,
    fuel_sale_id       UUID,
    installment_id     UUID,
    amount_cents       BIGINT NOT NULL,
    currency           TEXT NOT NULL,
    capture_method     TEXT NOT NULL DEFAULT 'automatic',
    status             TEXT NOT NULL DEFAULT 'pending',
    stripe_intent_id   TEXT,
    failure_reason     TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payments_reservation ON payments (reservation_id);
CREATE UNIQUE INDEX payments_stripe_intent ON payments (stripe_intent_id) WHERE stripe_intent_id IS NOT NULL;

CREATE TABLE refunds (
    id               UUID PRIMARY KEY,
    payment_id       UUID NOT NULL REFERENCES payments(id),
    op_key           TEXT NOT NULL,
    amount_cents     BIGINT NOT NULL,
    reason           TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending',
    stripe_refund_id TEXT,
    requested_by     TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (payment_id, op_key)
);

CREATE TABLE stripe_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Per-boater running account: berth extras, shore power, yard work.
CREATE TABLE account_ledger (
    id           BIGSERIAL PRIMARY KEY,
    boater_id    UUID NOT NULL REFERENCES boaters(id),
    source_type  TEXT NOT NULL,
    source_id    TEXT NOT NULL,
    description  TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    posted_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX account_ledger_boater ON account_ledger (boater_id, posted_at);
CREATE INDEX account_ledger_source ON account_ledger (source_type, source_id);
