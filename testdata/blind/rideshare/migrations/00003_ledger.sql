-- +goose Up
-- +goose StatementBegin
CREATE TABLE ledger_entries (
    id            TEXT PRIMARY KEY,
    driver_id     UUID        NOT NULL REFERENCES drivers (id),
    kind          TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    source_type   TEXT        NOT NULL,
    source_ref    TEXT        NOT NULL,
    memo          TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_driver_idx ON ledger_entries (driver_id, created_at);
CREATE INDEX ledger_entries_source_idx ON ledger_entries (source_type, source_ref);

CREATE TABLE driver_balances (
    driver_id        UUID PRIMARY KEY REFERENCES drivers (id),
    currency         TEXT        NOT NULL,
    available_cents  BIGINT      NOT NULL DEFAULT 0,
    held_cents       BIGINT      NOT NULL DEFAULT 0,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE adjustments (
    id            UUID PRIMARY KEY,
    driver_id     UUID        NOT NULL REFERENCES drivers (id),
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    reason        TEXT        NOT NULL,
    ticket_ref    TEXT        NOT NULL,
    created_by    TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    request_hash   TEXT        NOT NULL,
    response_code  INT,
    response_body  JSONB,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE daily_earnings_close (
    driver_id    UUID        NOT NULL REFERENCES drivers (id),
    day          DATE        NOT NULL,
    total_cents  BIGINT      NOT NULL,
    trip_count   INT         NOT NULL,
    closed_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (driver_id, day)
);

CREATE TABLE driver_statements (
    driver_id    UUID        NOT NULL REFERENCES drivers (id),
    period       TEXT        NOT NULL,
    total_cents  BIGINT      NOT NULL,
    currency     TEXT        NOT NULL,
    entry_count  INT         NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (driver_id, period)
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE driver_statements;
DROP TABLE daily_earnings_close;
DROP TABLE idempotency_keys;
DROP TABLE adjustments;
DROP TABLE driver_balances;
DROP TABLE ledger_entries;
-- +goose StatementEnd
