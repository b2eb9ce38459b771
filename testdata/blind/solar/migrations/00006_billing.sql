-- +goose Up
CREATE TABLE milestone_invoices (
    id                  UUID PRIMARY KEY,
    contract_id         UUID NOT NULL REFERENCES contracts (id),
    project_id          UUID REFERENCES projects (id),
    milestone           TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'open',
    payment_intent_id   TEXT,
    issued_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at             TIMESTAMPTZ,
    CONSTRAINT milestone_invoices_contract_milestone_key UNIQUE (contract_id, milestone)
);

CREATE TABLE charge_attempts (
    id                  UUID PRIMARY KEY,
    invoice_id          UUID NOT NULL REFERENCES milestone_invoices (id),
    amount_cents        BIGINT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id   TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE installer_balances (
    installer_id   UUID PRIMARY KEY REFERENCES installers (id),
    pending_cents  BIGINT NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payout_accruals (
    invoice_id    UUID PRIMARY KEY REFERENCES milestone_invoices (id),
    installer_id  UUID NOT NULL REFERENCES installers (id),
    amount_cents  BIGINT NOT NULL,
    period        TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE installer_payouts (
    id             UUID PRIMARY KEY,
    installer_id   UUID NOT NULL REFERENCES installers (id),
    period         TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'pending',
    transfer_id    TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT installer_payouts_period_key UNIQUE (installer_id, period)
);

CREATE TABLE instant_payouts (
    id             UUID PRIMARY KEY,
    installer_id   UUID NOT NULL REFERENCES installers (id),
    job_id         UUID NOT NULL REFERENCES install_jobs (id),
    amount_cents   BIGINT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'pending',
    transfer_id    TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT instant_payouts_job_key UNIQUE (job_id)
);

-- +goose Down
DROP TABLE instant_payouts;
DROP TABLE installer_payouts;
DROP TABLE payout_accruals;
DROP TABLE installer_balances;
DROP TABLE stripe_events;
DROP TABLE charge_attempts;
DROP TABLE milestone_invoices;
