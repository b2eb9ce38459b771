CREATE TABLE accounts (
    id          text PRIMARY KEY,
    user_id     text        NOT NULL,
    asset       text        NOT NULL,
    available   bigint      NOT NULL DEFAULT 0 CHECK (available >= 0),
    held        bigint      NOT NULL DEFAULT 0 CHECK (held >= 0),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, asset)
);

-- Append-only journal. Entries are deduplicated by the operation that
-- writes them, not by the journal.
CREATE TABLE ledger_entries (
    id          text PRIMARY KEY,
    account_id  text        NOT NULL REFERENCES accounts (id),
    asset       text        NOT NULL,
    bucket      text        NOT NULL CHECK (bucket IN ('available', 'held')),
    amount      bigint      NOT NULL,
    ref_type    text        NOT NULL,
    ref_id      text        NOT NULL,
    memo        text,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, created_at);
CREATE INDEX ledger_entries_ref_idx ON ledger_entries (ref_type, ref_id);

CREATE TABLE user_contacts (
    user_id text PRIMARY KEY,
    phone   text,
    email   text,
    locale  text
);

CREATE TABLE processed_events (
    source       text        NOT NULL,
    event_id     text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);
