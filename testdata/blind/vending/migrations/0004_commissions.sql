-- +goose Up
CREATE TABLE commission_statements (
    id                 uuid PRIMARY KEY,
    host_id            uuid NOT NULL REFERENCES hosts (id),
    period_start       date NOT NULL,
    period_end         date NOT NULL,
    gross_sales_cents  bigint NOT NULL,
    adjust_cents       bigint NOT NULL DEFAULT 0,
    commission_cents   bigint NOT NULL,
    status             text NOT NULL CHECK (status IN ('pending', 'paid')),
    emailed_at         timestamptz,
    payout_id          text,
    paid_at            timestamptz,
    computed_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (host_id, period_start)
);

CREATE TABLE host_adjustments (
    id            uuid PRIMARY KEY,
    host_id       uuid NOT NULL REFERENCES hosts (id),
    amount_cents  bigint NOT NULL CHECK (amount_cents <> 0),
    reason        text NOT NULL,
    created_by    text NOT NULL,
    created_at    timestamptz NOT NULL
);
CREATE INDEX host_adjustments_host ON host_adjustments (host_id, created_at);

-- +goose Down
DROP TABLE host_adjustments;
DROP TABLE commission_statements;
