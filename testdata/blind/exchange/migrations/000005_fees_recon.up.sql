CREATE TABLE fee_sweeps (
    id               text PRIMARY KEY,
    currency         text        NOT NULL,
    amount           bigint      NOT NULL,
    accrual_count    integer     NOT NULL,
    bank_transfer_id text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fee_accruals (
    id          text PRIMARY KEY,
    source_type text        NOT NULL,
    source_id   text        NOT NULL,
    asset       text        NOT NULL,
    amount      bigint      NOT NULL,
    sweep_id    text REFERENCES fee_sweeps (id),
    accrued_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fee_accruals_unswept_idx ON fee_accruals (asset, accrued_at) WHERE sweep_id IS NULL;
CREATE INDEX fee_accruals_source_idx ON fee_accruals (source_type, source_id);

CREATE TABLE recon_runs (
    id            text PRIMARY KEY,
    bank_account  text        NOT NULL,
    business_date date        NOT NULL,
    status        text        NOT NULL,
    matched       integer     NOT NULL DEFAULT 0,
    breaks        integer     NOT NULL DEFAULT 0,
    started_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz
);

CREATE TABLE recon_breaks (
    id         text PRIMARY KEY,
    run_id     text        NOT NULL REFERENCES recon_runs (id),
    line_ref   text        NOT NULL,
    kind       text        NOT NULL,
    amount     bigint      NOT NULL,
    detail     text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (run_id, line_ref)
);
