-- +goose Up
CREATE TABLE rebates (
    id             uuid PRIMARY KEY,
    fleet_id       uuid        NOT NULL REFERENCES fleets (id),
    period         text        NOT NULL,
    gallons_milli  bigint      NOT NULL,
    amount_cents   bigint      NOT NULL,
    method         text        NOT NULL CHECK (method IN ('bank', 'statement_credit')),
    status         text        NOT NULL DEFAULT 'accrued'
                       CHECK (status IN ('accrued', 'paid', 'credited')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (fleet_id, period)
);

CREATE TABLE rebate_payouts (
    id                uuid PRIMARY KEY,
    rebate_id         uuid        NOT NULL UNIQUE REFERENCES rebates (id),
    bank_transfer_id  text        NOT NULL,
    amount_cents      bigint      NOT NULL,
    paid_at           timestamptz NOT NULL DEFAULT now()
);

-- One row per attempt to pay a rebate, kept for the finance audit trail.
CREATE TABLE payout_attempts (
    id            uuid PRIMARY KEY,
    rebate_id     uuid        NOT NULL REFERENCES rebates (id),
    job_attempt   integer     NOT NULL,
    outcome       text        NOT NULL DEFAULT 'started'
                      CHECK (outcome IN ('started', 'succeeded', 'failed')),
    error         text,
    started_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz
);

CREATE INDEX payout_attempts_rebate_idx ON payout_attempts (rebate_id);

CREATE TABLE rebate_credits (
    rebate_id          uuid PRIMARY KEY REFERENCES rebates (id),
    network_credit_id  text        NOT NULL,
    amount_cents       bigint      NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE rebate_credits;
DROP TABLE payout_attempts;
DROP TABLE rebate_payouts;
DROP TABLE rebates;
