-- +goose Up
CREATE TABLE remittance_batches (
    id               uuid PRIMARY KEY,
    pbm_batch_id     text        NOT NULL,
    period_start     date        NOT NULL,
    period_end       date        NOT NULL,
    line_count       integer     NOT NULL,
    total_paid_cents bigint      NOT NULL,
    status           text        NOT NULL,
    imported_at      timestamptz NOT NULL,
    CONSTRAINT remittance_batches_pbm_batch_key UNIQUE (pbm_batch_id)
);

CREATE TABLE remittance_lines (
    id              uuid PRIMARY KEY,
    pbm_batch_id    text   NOT NULL REFERENCES remittance_batches (pbm_batch_id),
    line_no         integer NOT NULL,
    claim_reference text   NOT NULL,
    paid_cents      bigint NOT NULL,
    adjustment_code text   NOT NULL DEFAULT '',
    CONSTRAINT remittance_lines_batch_line_key UNIQUE (pbm_batch_id, line_no)
);

CREATE INDEX remittance_lines_claim_idx ON remittance_lines (claim_reference);

-- +goose Down
DROP TABLE remittance_lines;
DROP TABLE remittance_batches;
