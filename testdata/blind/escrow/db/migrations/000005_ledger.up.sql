-- Double-entry ledger for platform fees and seller balances.
CREATE TABLE ledger_accounts (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('asset', 'liability', 'revenue', 'expense'))
);

INSERT INTO ledger_accounts (code, name, kind) VALUES
    ('cash:stripe',        'Stripe balance',            'asset'),
    ('cash:operating',     'Operating bank account',    'asset'),
    ('liability:escrow',   'Funds held in escrow',      'liability'),
    ('liability:sellers',  'Amounts owed to sellers',   'liability'),
    ('revenue:fees',       'Platform fee revenue',      'revenue'),
    ('expense:adjustment', 'Manual adjustments',        'expense');

CREATE TABLE journal_entries (
    id         TEXT PRIMARY KEY,                      -- ULID
    kind       TEXT        NOT NULL,
    reference  TEXT        NOT NULL,                  -- escrow id, payout item id, ...; not unique
    memo       TEXT        NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX journal_entries_reference_idx ON journal_entries (reference);

CREATE TABLE postings (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    entry_id     TEXT   NOT NULL REFERENCES journal_entries (id),
    account_code TEXT   NOT NULL REFERENCES ledger_accounts (code),
    amount_cents BIGINT NOT NULL,                     -- debit > 0, credit < 0
    currency     TEXT   NOT NULL
);

CREATE TABLE ledger_adjustment_keys (
    key        TEXT PRIMARY KEY,
    entry_id   TEXT        NOT NULL REFERENCES journal_entries (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fee_settlements (
    settlement_date DATE PRIMARY KEY,
    entry_id        TEXT        NOT NULL REFERENCES journal_entries (id) DEFERRABLE INITIALLY DEFERRED,
    total_cents     BIGINT      NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
