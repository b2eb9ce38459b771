-- +goose Up
CREATE TABLE ebook_loans (
    id                      TEXT PRIMARY KEY,
    patron_id               TEXT NOT NULL REFERENCES patrons (id),
    title_id                TEXT NOT NULL,
    format                  TEXT NOT NULL,
    status                  TEXT NOT NULL,
    distributor_checkout_id TEXT UNIQUE,
    renewals                INTEGER NOT NULL DEFAULT 0,
    expires_at              TIMESTAMPTZ,
    failure_reason          TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One live loan per patron and title.
CREATE UNIQUE INDEX ebook_loans_live_idx ON ebook_loans (patron_id, title_id)
    WHERE status IN ('pending', 'active');

CREATE TABLE ebook_holds (
    id                  TEXT PRIMARY KEY,
    patron_id           TEXT NOT NULL REFERENCES patrons (id),
    title_id            TEXT NOT NULL,
    distributor_hold_id TEXT NOT NULL UNIQUE,
    status              TEXT NOT NULL DEFAULT 'queued',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE distributor_events (
    event_id    TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every HTTP attempt against the distributor, for partner support tickets.
CREATE TABLE partner_call_log (
    id          TEXT PRIMARY KEY,
    operation   TEXT NOT NULL,
    ref         TEXT,
    attempt     INTEGER NOT NULL,
    status_code INTEGER,
    error       TEXT,
    called_at   TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE partner_call_log;
DROP TABLE distributor_events;
DROP TABLE ebook_holds;
DROP TABLE ebook_loans;
