-- +goose Up
CREATE TABLE invoices (
    id                   TEXT PRIMARY KEY,
    subscription_id      TEXT NOT NULL REFERENCES subscriptions (id),
    member_id            TEXT NOT NULL REFERENCES members (id),
    week_start           DATE NOT NULL,
    amount_cents         BIGINT NOT NULL,
    credit_applied_cents BIGINT NOT NULL DEFAULT 0,
    status               TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed', 'uncollectible', 'void')),
    attempts             INT NOT NULL DEFAULT 0,
    next_retry_at        TIMESTAMPTZ,
    charge_id            TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (subscription_id, week_start)
);
CREATE INDEX invoices_retry_idx ON invoices (next_retry_at) WHERE status = 'failed';

CREATE TABLE charge_attempts (
    id            TEXT PRIMARY KEY,
    invoice_id    TEXT NOT NULL REFERENCES invoices (id),
    attempt       INT  NOT NULL,
    charge_id     TEXT,
    outcome       TEXT NOT NULL,
    decline_code  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX charge_attempts_invoice_idx ON charge_attempts (invoice_id);

CREATE TABLE credit_applications (
    invoice_id   TEXT PRIMARY KEY REFERENCES invoices (id),
    member_id    TEXT NOT NULL REFERENCES members (id),
    amount_cents BIGINT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE member_credit_ledger (
    id           TEXT PRIMARY KEY,
    member_id    TEXT NOT NULL REFERENCES members (id),
    amount_cents BIGINT NOT NULL,
    source       TEXT NOT NULL,
    source_ref   TEXT,
    note         TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX member_credit_ledger_member_idx ON member_credit_ledger (member_id, created_at);
CREATE UNIQUE INDEX member_credit_ledger_source_uq ON member_credit_ledger (source, source_ref)
    WHERE source_ref IS NOT NULL;

CREATE TABLE processed_webhooks (
    provider    TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- +goose Down
DROP TABLE processed_webhooks;
DROP TABLE member_credit_ledger;
DROP TABLE credit_applications;
DROP TABLE charge_attempts;
DROP TABLE invoices;
