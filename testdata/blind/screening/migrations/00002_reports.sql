-- +goose Up
CREATE TABLE report_orders (
    id               TEXT PRIMARY KEY,
    application_id   TEXT NOT NULL REFERENCES applications(id),
    report_type      TEXT NOT NULL CHECK (report_type IN ('credit', 'eviction', 'criminal')),
    bureau           TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending',
    bureau_order_ref TEXT UNIQUE,
    attempts         INT NOT NULL DEFAULT 0,
    last_error       TEXT,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at     TIMESTAMPTZ,
    acknowledged_at  TIMESTAMPTZ,
    completed_at     TIMESTAMPTZ,
    acked_by_partner_at TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX report_orders_app_idx ON report_orders (application_id);
CREATE INDEX report_orders_pending_idx ON report_orders (next_attempt_at) WHERE status = 'pending';

-- Append-only log of every call made to a bureau, one row per HTTP attempt.
CREATE TABLE bureau_call_attempts (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES report_orders(id),
    attempt      INT NOT NULL,
    status_code  INT NOT NULL DEFAULT 0,
    error        TEXT,
    attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Bureau callback messages already applied, keyed by the bureau's event id.
CREATE TABLE bureau_inbox (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    order_id    TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE report_results (
    order_id       TEXT PRIMARY KEY REFERENCES report_orders(id),
    score          INT,
    recommendation TEXT NOT NULL,
    record_count   INT NOT NULL DEFAULT 0,
    summary        JSONB NOT NULL,
    document_url   TEXT NOT NULL,
    received_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE report_disputes (
    id                TEXT PRIMARY KEY,
    order_id          TEXT NOT NULL REFERENCES report_orders(id),
    bureau_dispute_id TEXT NOT NULL UNIQUE,
    reason            TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'open',
    opened_at         TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE report_disputes;
DROP TABLE report_results;
DROP TABLE bureau_inbox;
DROP TABLE bureau_call_attempts;
DROP TABLE report_orders;
