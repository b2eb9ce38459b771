-- +goose Up
CREATE TABLE reconciliation_runs (
    id              uuid PRIMARY KEY,
    run_date        date        NOT NULL UNIQUE,
    status          text        NOT NULL,
    started_at      timestamptz NOT NULL,
    finished_at     timestamptz,
    txn_count       integer     NOT NULL DEFAULT 0,
    mismatch_count  integer     NOT NULL DEFAULT 0
);

CREATE TABLE reconciliation_lines (
    balance_txn_id  text PRIMARY KEY,
    run_id          uuid        NOT NULL REFERENCES reconciliation_runs (id),
    txn_type        text        NOT NULL,
    source_id       text        NOT NULL,
    amount_cents    bigint      NOT NULL,
    fee_cents       bigint      NOT NULL,
    net_cents       bigint      NOT NULL,
    currency        text        NOT NULL,
    matched         boolean     NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- Finance works this table as a queue; unresolved rows page the on-call.
CREATE TABLE reconciliation_mismatches (
    id              uuid PRIMARY KEY,
    run_id          uuid        NOT NULL REFERENCES reconciliation_runs (id),
    balance_txn_id  text        NOT NULL,
    kind            text        NOT NULL,
    expected_cents  bigint,
    actual_cents    bigint      NOT NULL,
    detail          text        NOT NULL,
    resolved_at     timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX reconciliation_mismatches_open_idx ON reconciliation_mismatches (created_at) WHERE resolved_at IS NULL;

-- +goose Down
DROP TABLE reconciliation_mismatches;
DROP TABLE reconciliation_lines;
DROP TABLE reconciliation_runs;
