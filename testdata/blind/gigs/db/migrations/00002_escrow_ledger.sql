-- +goose Up
-- One escrow account per milestone. Amounts are in the milestone currency's
-- minor units. held = funded - released - refunded while the milestone is live.
CREATE TABLE escrow_accounts (
    milestone_id    TEXT PRIMARY KEY REFERENCES milestones (id),
    currency        CHAR(3) NOT NULL,
    funded_minor    BIGINT NOT NULL DEFAULT 0,
    held_minor      BIGINT NOT NULL DEFAULT 0,
    released_minor  BIGINT NOT NULL DEFAULT 0,
    refunded_minor  BIGINT NOT NULL DEFAULT 0,
    frozen          BOOLEAN NOT NULL DEFAULT false,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Double-entry style movements. entry_key is set by flows that can name the
-- movement ahead of time (release:<id>:net, refund:<milestone>), NULL otherwise.
CREATE TABLE ledger_entries (
    id              TEXT PRIMARY KEY,
    entry_key       TEXT UNIQUE,
    milestone_id    TEXT NOT NULL REFERENCES milestones (id),
    account         TEXT NOT NULL,
    direction       TEXT NOT NULL CHECK (direction IN ('debit', 'credit')),
    amount_minor    BIGINT NOT NULL CHECK (amount_minor >= 0),
    currency        CHAR(3) NOT NULL,
    reason          TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_milestone_idx ON ledger_entries (milestone_id, created_at);

-- A milestone may be released in several parts (partial approvals), so
-- releases are keyed by their own id only.
CREATE TABLE releases (
    id              TEXT PRIMARY KEY,
    milestone_id    TEXT NOT NULL REFERENCES milestones (id),
    freelancer_id   TEXT NOT NULL,
    gross_minor     BIGINT NOT NULL,
    fee_minor       BIGINT NOT NULL,
    net_minor       BIGINT NOT NULL,
    currency        CHAR(3) NOT NULL,
    source          TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX releases_milestone_idx ON releases (milestone_id);

CREATE TABLE platform_fees (
    id              TEXT PRIMARY KEY,
    release_id      TEXT NOT NULL UNIQUE REFERENCES releases (id),
    milestone_id    TEXT NOT NULL,
    amount_minor    BIGINT NOT NULL,
    currency        CHAR(3) NOT NULL,
    fee_bps         INTEGER NOT NULL,
    period          TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE platform_revenue (
    period          TEXT NOT NULL,
    currency        CHAR(3) NOT NULL,
    amount_minor    BIGINT NOT NULL DEFAULT 0,
    fee_count       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (period, currency)
);

CREATE TABLE freelancer_balances (
    freelancer_id   TEXT NOT NULL,
    currency        CHAR(3) NOT NULL,
    available_minor BIGINT NOT NULL DEFAULT 0,
    pending_minor   BIGINT NOT NULL DEFAULT 0,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (freelancer_id, currency)
);

CREATE TABLE refunds (
    milestone_id        TEXT PRIMARY KEY REFERENCES milestones (id),
    funding_intent_id   TEXT NOT NULL REFERENCES funding_intents (id),
    amount_minor        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL,
    provider_refund_id  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE refunds;
DROP TABLE freelancer_balances;
DROP TABLE platform_revenue;
DROP TABLE platform_fees;
DROP TABLE releases;
DROP TABLE ledger_entries;
DROP TABLE escrow_accounts;
