CREATE TABLE statements (
    id              TEXT PRIMARY KEY,
    artist_id       TEXT NOT NULL REFERENCES artists (id),
    period          TEXT NOT NULL,
    currency        TEXT NOT NULL,
    gross_cents     BIGINT NOT NULL,
    recouped_cents  BIGINT NOT NULL DEFAULT 0,
    net_cents       BIGINT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'open',
    email_status    TEXT NOT NULL DEFAULT 'pending',
    emailed_at      TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT statements_artist_period_key UNIQUE (artist_id, period)
);

CREATE TABLE statement_lines (
    statement_id  TEXT NOT NULL REFERENCES statements (id),
    isrc          TEXT NOT NULL,
    plays         BIGINT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    PRIMARY KEY (statement_id, isrc)
);

CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    artist_id     TEXT NOT NULL REFERENCES artists (id),
    entry_type    TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    ref_type      TEXT NOT NULL,
    ref_id        TEXT NOT NULL,
    memo          TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_artist_idx ON ledger_entries (artist_id, created_at);
CREATE INDEX ledger_entries_ref_idx ON ledger_entries (ref_type, ref_id);

CREATE TABLE adjustments (
    id            TEXT PRIMARY KEY,
    artist_id     TEXT NOT NULL REFERENCES artists (id),
    amount_cents  BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    reason        TEXT NOT NULL,
    created_by    TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE email_log (
    id                   TEXT PRIMARY KEY,
    statement_id         TEXT,
    template             TEXT NOT NULL,
    recipient            TEXT NOT NULL,
    provider_message_id  TEXT NOT NULL,
    sent_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
