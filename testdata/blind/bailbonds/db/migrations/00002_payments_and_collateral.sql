-- +goose Up
CREATE TABLE premium_payments (
    id                        uuid PRIMARY KEY,
    application_id            uuid        NOT NULL REFERENCES bond_applications (id),
    installment_no            int         NOT NULL DEFAULT 0,
    amount_cents              bigint      NOT NULL,
    stripe_payment_intent_id  text        UNIQUE,
    status                    text        NOT NULL DEFAULT 'pending',
    failure_reason            text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    succeeded_at              timestamptz,
    refunded_at               timestamptz,
    UNIQUE (application_id, installment_no)
);

CREATE TABLE payment_plans (
    id                        uuid PRIMARY KEY,
    application_id            uuid        NOT NULL REFERENCES bond_applications (id),
    stripe_customer_id        text        NOT NULL,
    stripe_payment_method_id  text        NOT NULL,
    financed_cents            bigint      NOT NULL,
    installments              int         NOT NULL,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE plan_installments (
    plan_id                   uuid        NOT NULL REFERENCES payment_plans (id),
    seq                       int         NOT NULL,
    due_on                    date        NOT NULL,
    amount_cents              bigint      NOT NULL,
    status                    text        NOT NULL DEFAULT 'scheduled',
    stripe_payment_intent_id  text,
    last_error                text,
    charged_at                timestamptz,
    PRIMARY KEY (plan_id, seq)
);
CREATE INDEX plan_installments_due_idx ON plan_installments (due_on) WHERE status = 'scheduled';

CREATE TABLE collateral_deposits (
    id                        uuid PRIMARY KEY,
    bond_id                   uuid        NOT NULL REFERENCES bonds (id),
    kind                      text        NOT NULL,
    amount_cents              bigint      NOT NULL CHECK (amount_cents > 0),
    reference                 text        NOT NULL DEFAULT '',
    stripe_payment_intent_id  text        UNIQUE,
    received_by               text        NOT NULL DEFAULT '',
    status                    text        NOT NULL DEFAULT 'held',
    received_at               timestamptz NOT NULL,
    refunded_at               timestamptz
);
CREATE INDEX collateral_deposits_bond_idx ON collateral_deposits (bond_id);

CREATE TABLE collateral_refunds (
    id               uuid PRIMARY KEY,
    deposit_id       uuid        NOT NULL UNIQUE REFERENCES collateral_deposits (id),
    amount_cents     bigint      NOT NULL,
    method           text        NOT NULL,
    stripe_refund_id text,
    status           text        NOT NULL DEFAULT 'pending',
    created_at       timestamptz NOT NULL DEFAULT now(),
    completed_at     timestamptz
);

-- +goose Down
DROP TABLE collateral_refunds;
DROP TABLE collateral_deposits;
DROP TABLE plan_installments;
DROP TABLE payment_plans;
DROP TABLE premium_payments;
