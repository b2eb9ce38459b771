-- +migrate Up
CREATE TABLE compliance_submissions (
    id           TEXT PRIMARY KEY,
    state        CHAR(2) NOT NULL,
    period       TEXT NOT NULL,
    reference    TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'pending',
    filing_id    TEXT,
    shipments    INT NOT NULL DEFAULT 0,
    bottles      INT NOT NULL DEFAULT 0,
    liters       NUMERIC(10, 3) NOT NULL DEFAULT 0,
    submitted_by TEXT,
    submitted_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT compliance_submissions_state_period_key UNIQUE (state, period),
    CONSTRAINT compliance_submissions_reference_key UNIQUE (reference)
);

CREATE TABLE outbox (
    id           TEXT PRIMARY KEY,
    topic        TEXT NOT NULL,
    message_key  TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;
