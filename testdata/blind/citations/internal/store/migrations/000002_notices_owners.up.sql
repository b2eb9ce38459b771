-- Registered-owner lookups, address corrections and mailed notices.

CREATE TABLE registered_owners (
    id            TEXT PRIMARY KEY,
    citation_id   TEXT        NOT NULL REFERENCES citations (id),
    dmv_record_id TEXT        NOT NULL,
    full_name     TEXT        NOT NULL,
    line1         TEXT        NOT NULL,
    line2         TEXT        NOT NULL DEFAULT '',
    city          TEXT        NOT NULL,
    region        TEXT        NOT NULL,
    postal_code   TEXT        NOT NULL,
    phone         TEXT        NOT NULL DEFAULT '',
    email         TEXT        NOT NULL DEFAULT '',
    looked_up_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX registered_owners_citation_uq ON registered_owners (citation_id);

CREATE TABLE address_corrections (
    id           TEXT PRIMARY KEY,
    citation_id  TEXT        NOT NULL REFERENCES citations (id),
    address_hash TEXT        NOT NULL,
    line1        TEXT        NOT NULL,
    line2        TEXT        NOT NULL DEFAULT '',
    city         TEXT        NOT NULL,
    region       TEXT        NOT NULL,
    postal_code  TEXT        NOT NULL,
    submitted_by TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX address_corrections_uq ON address_corrections (citation_id, address_hash);

CREATE TABLE notices (
    id             TEXT PRIMARY KEY,
    citation_id    TEXT        NOT NULL REFERENCES citations (id),
    kind           TEXT        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'pending',
    mail_letter_id TEXT,
    recipient_name TEXT        NOT NULL DEFAULT '',
    mailed_at      TIMESTAMPTZ,
    returned_at    TIMESTAMPTZ,
    return_reason  TEXT        NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX notices_citation_kind_uq ON notices (citation_id, kind);
CREATE INDEX notices_letter_idx ON notices (mail_letter_id);

CREATE TABLE address_trace_requests (
    id          TEXT PRIMARY KEY,
    citation_id TEXT        NOT NULL REFERENCES citations (id),
    notice_id   TEXT        NOT NULL REFERENCES notices (id),
    status      TEXT        NOT NULL DEFAULT 'queued',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE processed_events (
    source       TEXT        NOT NULL,
    event_id     TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);
