-- +goose Up
-- +goose StatementBegin
CREATE TABLE payout_batches (
    id             UUID PRIMARY KEY,
    workflow_id    TEXT        NOT NULL UNIQUE,
    period_start   DATE        NOT NULL,
    period_end     DATE        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'open',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at      TIMESTAMPTZ
);

CREATE TABLE payout_lines (
    id                   UUID PRIMARY KEY,
    batch_id             UUID        NOT NULL REFERENCES payout_batches (id),
    driver_id            UUID        NOT NULL REFERENCES drivers (id),
    amount_cents         BIGINT      NOT NULL,
    currency             TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'pending',
    payment_reference    TEXT UNIQUE,
    provider_payment_id  TEXT,
    failure_reason       TEXT,
    submitted_at         TIMESTAMPTZ,
    settled_at           TIMESTAMPTZ,
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (batch_id, driver_id)
);

CREATE INDEX payout_lines_status_idx ON payout_lines (status, submitted_at);

CREATE TABLE cashouts (
    id                   UUID PRIMARY KEY,
    driver_id            UUID        NOT NULL REFERENCES drivers (id),
    idempotency_key      TEXT        NOT NULL UNIQUE,
    amount_cents         BIGINT      NOT NULL,
    fee_cents            BIGINT      NOT NULL,
    currency             TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'pending',
    provider_payment_id  TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payout_attempts (
    id           TEXT PRIMARY KEY,
    reference    TEXT        NOT NULL,
    attempt_no   INT         NOT NULL,
    outcome      TEXT        NOT NULL,
    detail       TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payout_attempts_reference_idx ON payout_attempts (reference);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE payout_attempts;
DROP TABLE cashouts;
DROP TABLE payout_lines;
DROP TABLE payout_batches;
-- +goose StatementEnd
