CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    enrolment_id     TEXT        NOT NULL REFERENCES enrolments (id),
    instalment_id    TEXT REFERENCES instalments (id),
    amount_cents     BIGINT      NOT NULL,
    currency         TEXT        NOT NULL,
    reason           TEXT        NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'requested',
    requested_by     TEXT        NOT NULL,
    stripe_refund_id TEXT UNIQUE,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE credit_notes (
    id           TEXT PRIMARY KEY,
    number       TEXT        NOT NULL,
    student_id   TEXT        NOT NULL REFERENCES students (id),
    refund_id    TEXT REFERENCES refunds (id),
    amount_cents BIGINT      NOT NULL,
    currency     TEXT        NOT NULL,
    reason       TEXT        NOT NULL,
    issued_by    TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE SEQUENCE credit_note_numbers START 1000;

-- Replayable API responses for the refund endpoints.
CREATE TABLE api_idempotency (
    key         TEXT PRIMARY KEY,
    method      TEXT        NOT NULL,
    path        TEXT        NOT NULL,
    status_code INT         NOT NULL,
    body        BYTEA       NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
