-- Artist ledger. Every movement of money owed to an artist is an entry;
-- entry_key, when present, identifies the business event that produced it.

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    artist_id     UUID        NOT NULL REFERENCES artists (id),
    kind          TEXT        NOT NULL,
    amount_micros BIGINT      NOT NULL,
    currency      CHAR(3)     NOT NULL DEFAULT 'USD',
    ref_type      TEXT,
    ref_id        TEXT,
    period        TEXT,
    entry_key     TEXT,
    memo          TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ledger_entries_entry_key ON ledger_entries (artist_id, entry_key) WHERE entry_key IS NOT NULL;
CREATE INDEX ledger_entries_artist ON ledger_entries (artist_id, created_at);
CREATE INDEX ledger_entries_ref ON ledger_entries (ref_type, ref_id);

CREATE TABLE artist_balances (
    artist_id              UUID PRIMARY KEY REFERENCES artists (id),
    available_micros       BIGINT      NOT NULL DEFAULT 0,
    lifetime_earned_micros BIGINT      NOT NULL DEFAULT 0,
    lifetime_paid_micros   BIGINT      NOT NULL DEFAULT 0,
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE adjustments (
    id            UUID PRIMARY KEY,
    artist_id     UUID        NOT NULL REFERENCES artists (id),
    amount_micros BIGINT      NOT NULL,
    reason        TEXT        NOT NULL,
    created_by    TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
