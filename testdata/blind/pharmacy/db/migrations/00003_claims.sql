-- +goose Up
-- +goose StatementBegin
CREATE TABLE claims (
    id               UUID PRIMARY KEY,
    order_id         UUID        NOT NULL REFERENCES orders (id),
    status           TEXT        NOT NULL DEFAULT 'new',
    pbm_claim_ref    TEXT,
    submissions      INTEGER     NOT NULL DEFAULT 0,
    billed_cents     BIGINT      NOT NULL DEFAULT 0,
    plan_paid_cents  BIGINT      NOT NULL DEFAULT 0,
    copay_cents      BIGINT      NOT NULL DEFAULT 0,
    reject_codes     TEXT[],
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at     TIMESTAMPTZ,
    adjudicated_at   TIMESTAMPTZ,
    reversed_at      TIMESTAMPTZ,
    CONSTRAINT claims_order_key UNIQUE (order_id)
);

CREATE TABLE claim_ledger (
    id           BIGSERIAL PRIMARY KEY,
    claim_id     UUID        NOT NULL REFERENCES claims (id),
    entry_type   TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    source_ref   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX claim_ledger_claim_idx ON claim_ledger (claim_id);

CREATE TABLE claim_reversals (
    id               UUID PRIMARY KEY,
    claim_id         UUID        NOT NULL REFERENCES claims (id),
    pbm_reversal_ref TEXT        NOT NULL,
    status           TEXT        NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE coverage_checks (
    id          TEXT PRIMARY KEY,
    patient_id  UUID        NOT NULL REFERENCES patients (id),
    eligible    BOOLEAN     NOT NULL,
    plan_name   TEXT,
    raw         JSONB       NOT NULL,
    checked_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE coverage_checks;
DROP TABLE claim_reversals;
DROP TABLE claim_ledger;
DROP TABLE claims;
-- +goose StatementEnd
