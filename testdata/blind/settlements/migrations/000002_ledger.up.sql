CREATE TABLE ledger_accounts (
    code            TEXT PRIMARY KEY,
    name            TEXT        NOT NULL,
    normal_side     CHAR(1)     NOT NULL CHECK (normal_side IN ('D', 'C')),
    settlement_id   TEXT REFERENCES settlements (id),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

INSERT INTO ledger_accounts (code, name, normal_side) VALUES
    ('trust:cash',      'IOLTA trust bank account',     'D'),
    ('operating:cash',  'Firm operating account',       'D'),
    ('income:fees',     'Earned contingency fees',      'C'),
    ('trust:suspense',  'Unidentified trust receipts',  'C');

CREATE TABLE journal_entries (
    id              UUID PRIMARY KEY,
    settlement_id   TEXT REFERENCES settlements (id),
    source_type     TEXT        NOT NULL,
    source_id       TEXT,
    memo            TEXT        NOT NULL DEFAULT '',
    created_by      TEXT        NOT NULL DEFAULT 'system',
    posted_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- NULL source ids are allowed for manual and system postings that have
    -- no originating document; NULLs never collide.
    CONSTRAINT journal_entries_source_key UNIQUE (source_type, source_id)
);

CREATE INDEX journal_entries_settlement_idx ON journal_entries (settlement_id);

CREATE TABLE journal_lines (
    id              BIGSERIAL PRIMARY KEY,
    journal_id      UUID        NOT NULL REFERENCES journal_entries (id),
    account_code    TEXT        NOT NULL REFERENCES ledger_accounts (code),
    debit_cents     BIGINT      NOT NULL DEFAULT 0 CHECK (debit_cents >= 0),
    credit_cents    BIGINT      NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
    CONSTRAINT journal_lines_one_side CHECK ((debit_cents = 0) <> (credit_cents = 0))
);

CREATE INDEX journal_lines_journal_idx ON journal_lines (journal_id);
CREATE INDEX journal_lines_account_idx ON journal_lines (account_code);

-- Attorney fee draws from trust to operating, one per draw.
CREATE TABLE fee_transfers (
    id              UUID PRIMARY KEY,
    settlement_id   TEXT        NOT NULL REFERENCES settlements (id),
    deposit_id      TEXT        NOT NULL REFERENCES deposits (id),
    amount_cents    BIGINT      NOT NULL CHECK (amount_cents > 0),
    journal_id      UUID        NOT NULL REFERENCES journal_entries (id),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX fee_transfers_settlement_idx ON fee_transfers (settlement_id);

CREATE TABLE trust_transfers (
    id                  TEXT PRIMARY KEY,
    from_settlement_id  TEXT        NOT NULL REFERENCES settlements (id),
    to_settlement_id    TEXT        NOT NULL REFERENCES settlements (id),
    amount_cents        BIGINT      NOT NULL CHECK (amount_cents > 0),
    reason              TEXT        NOT NULL,
    journal_id          UUID        NOT NULL REFERENCES journal_entries (id),
    created_by          TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope           TEXT        NOT NULL,
    key             TEXT        NOT NULL,
    request_hash    TEXT        NOT NULL,
    status_code     INTEGER,
    response_body   JSONB,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at    TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

CREATE TABLE reconciliation_snapshots (
    as_of                   DATE PRIMARY KEY,
    trust_cash_cents        BIGINT      NOT NULL,
    client_liability_cents  BIGINT      NOT NULL,
    difference_cents        BIGINT      NOT NULL,
    unbalanced_journals     INTEGER     NOT NULL,
    computed_at             TIMESTAMPTZ NOT NULL
);
