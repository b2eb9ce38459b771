-- +goose Up
-- +goose StatementBegin
CREATE TABLE merchant_refunds (
    id                   TEXT PRIMARY KEY,
    merchant_id          TEXT NOT NULL,
    merchant_refund_ref  TEXT NOT NULL,
    loan_id              TEXT NOT NULL REFERENCES loans (id),
    amount_cents         BIGINT NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, merchant_refund_ref)
);

CREATE TABLE order_adjustments (
    id             TEXT PRIMARY KEY,
    loan_id        TEXT NOT NULL REFERENCES loans (id),
    merchant_id    TEXT NOT NULL,
    order_ref      TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    reason         TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX order_adjustments_loan_idx ON order_adjustments (loan_id);

CREATE TABLE balance_adjustments (
    id             TEXT PRIMARY KEY,
    loan_id        TEXT NOT NULL REFERENCES loans (id),
    reference      TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    reason         TEXT NOT NULL,
    actor          TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (loan_id, reference)
);
-- +goose StatementEnd

-- +goose Down
DROP TABLE balance_adjustments;
DROP TABLE order_adjustments;
DROP TABLE merchant_refunds;
