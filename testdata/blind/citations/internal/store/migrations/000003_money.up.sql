-- Fees, payments, refunds, payment plans and the citation ledger.

CREATE TABLE fees (
    id           TEXT PRIMARY KEY,
    citation_id  TEXT        NOT NULL REFERENCES citations (id),
    kind         TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    assessed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX fees_citation_idx ON fees (citation_id);

CREATE TABLE ledger_entries (
    id           TEXT PRIMARY KEY,
    citation_id  TEXT        NOT NULL REFERENCES citations (id),
    kind         TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    source       TEXT        NOT NULL,
    source_ref   TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_citation_idx ON ledger_entries (citation_id, created_at);

CREATE TABLE payment_intents (
    id                  TEXT PRIMARY KEY,
    idempotency_key     TEXT        NOT NULL,
    citation_id         TEXT        NOT NULL REFERENCES citations (id),
    amount_cents        BIGINT      NOT NULL,
    card_token          TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'created',
    processor_charge_id TEXT,
    failure_code        TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payment_intents_key_uq ON payment_intents (idempotency_key);

CREATE TABLE payments (
    id                  TEXT PRIMARY KEY,
    citation_id         TEXT        NOT NULL REFERENCES citations (id),
    processor_charge_id TEXT        NOT NULL,
    amount_cents        BIGINT      NOT NULL,
    channel             TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'posted',
    posted_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_charge_uq ON payments (processor_charge_id);
CREATE INDEX payments_citation_idx ON payments (citation_id);

CREATE TABLE refunds (
    id                  TEXT PRIMARY KEY,
    idempotency_key     TEXT,
    citation_id         TEXT        NOT NULL REFERENCES citations (id),
    payment_id          TEXT        NOT NULL REFERENCES payments (id),
    amount_cents        BIGINT      NOT NULL,
    reason              TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'requested',
    processor_refund_id TEXT,
    requested_by        TEXT        NOT NULL DEFAULT 'system',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX refunds_key_uq ON refunds (idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX refunds_payment_reason_uq ON refunds (payment_id, reason) WHERE reason = 'dismissal';

CREATE TABLE payment_plans (
    id                TEXT PRIMARY KEY,
    citation_id       TEXT        NOT NULL REFERENCES citations (id),
    status            TEXT        NOT NULL DEFAULT 'active',
    total_cents       BIGINT      NOT NULL,
    installment_count INTEGER     NOT NULL,
    card_token        TEXT        NOT NULL,
    contact_phone     TEXT        NOT NULL DEFAULT '',
    contact_email     TEXT        NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    cancelled_at      TIMESTAMPTZ
);

CREATE INDEX payment_plans_citation_idx ON payment_plans (citation_id);

CREATE TABLE plan_installments (
    id                  TEXT PRIMARY KEY,
    plan_id             TEXT        NOT NULL REFERENCES payment_plans (id),
    seq                 INTEGER     NOT NULL,
    due_date            DATE        NOT NULL,
    amount_cents        BIGINT      NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'scheduled',
    processor_charge_id TEXT,
    attempts            INTEGER     NOT NULL DEFAULT 0,
    paid_at             TIMESTAMPTZ
);

CREATE UNIQUE INDEX plan_installments_seq_uq ON plan_installments (plan_id, seq);

CREATE TABLE plan_reminders (
    id      BIGSERIAL PRIMARY KEY,
    plan_id TEXT        NOT NULL REFERENCES payment_plans (id),
    seq     INTEGER     NOT NULL,
    channel TEXT        NOT NULL,
    sent_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX plan_reminders_uq ON plan_reminders (plan_id, seq, channel);
