-- +goose Up
-- +goose StatementBegin
CREATE TABLE storage_lots (
    id                BIGSERIAL PRIMARY KEY,
    grower_id         BIGINT        NOT NULL REFERENCES growers (id),
    elevator_id       TEXT          NOT NULL REFERENCES elevators (id),
    commodity         TEXT          NOT NULL,
    receipt_no        TEXT          NOT NULL,
    bushels           NUMERIC(14,2) NOT NULL,
    rate_per_bu_month NUMERIC(8,4)  NOT NULL,
    opened_at         DATE          NOT NULL,
    closed_at         DATE,
    CONSTRAINT storage_lots_receipt_key UNIQUE (elevator_id, receipt_no)
);

CREATE TABLE storage_fees (
    id         TEXT PRIMARY KEY,
    lot_id     BIGINT        NOT NULL REFERENCES storage_lots (id),
    grower_id  BIGINT        NOT NULL REFERENCES growers (id),
    period     DATE          NOT NULL,
    bushels    NUMERIC(14,2) NOT NULL,
    rate       NUMERIC(8,4)  NOT NULL,
    amount     NUMERIC(12,2) NOT NULL,
    invoiced   BOOLEAN       NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX storage_fees_lot_period_idx ON storage_fees (lot_id, period);
CREATE INDEX storage_fees_grower_period_idx ON storage_fees (grower_id, period);

CREATE TABLE storage_invoices (
    id         BIGSERIAL PRIMARY KEY,
    grower_id  BIGINT        NOT NULL REFERENCES growers (id),
    period     DATE          NOT NULL,
    amount     NUMERIC(12,2) NOT NULL,
    status     TEXT          NOT NULL DEFAULT 'issued',
    emailed_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT storage_invoices_grower_period_key UNIQUE (grower_id, period)
);

CREATE TABLE advances (
    id                  UUID PRIMARY KEY,
    grower_id           BIGINT        NOT NULL REFERENCES growers (id),
    bank_account_id     UUID          NOT NULL REFERENCES grower_bank_accounts (id),
    season              INT           NOT NULL,
    amount              NUMERIC(12,2) NOT NULL,
    outstanding         NUMERIC(12,2) NOT NULL,
    collateral          TEXT          NOT NULL DEFAULT '',
    status              TEXT          NOT NULL DEFAULT 'requested',
    provider_payment_id TEXT          NOT NULL DEFAULT '',
    requested_by        TEXT          NOT NULL DEFAULT '',
    approved_by         TEXT          NOT NULL DEFAULT '',
    requested_at        TIMESTAMPTZ   NOT NULL DEFAULT now(),
    approved_at         TIMESTAMPTZ,
    disbursed_at        TIMESTAMPTZ
);
CREATE INDEX advances_grower_season_idx ON advances (grower_id, season);

CREATE TABLE settlements (
    id              BIGSERIAL PRIMARY KEY,
    grower_id       BIGINT        NOT NULL REFERENCES growers (id),
    season          INT           NOT NULL,
    gross_amount    NUMERIC(14,2) NOT NULL DEFAULT 0,
    drying_amount   NUMERIC(14,2) NOT NULL DEFAULT 0,
    discount_amount NUMERIC(14,2) NOT NULL DEFAULT 0,
    premium_amount  NUMERIC(14,2) NOT NULL DEFAULT 0,
    storage_amount  NUMERIC(14,2) NOT NULL DEFAULT 0,
    advance_amount  NUMERIC(14,2) NOT NULL DEFAULT 0,
    checkoff_amount NUMERIC(14,2) NOT NULL DEFAULT 0,
    net_amount      NUMERIC(14,2) NOT NULL DEFAULT 0,
    status          TEXT          NOT NULL DEFAULT 'built',
    built_at        TIMESTAMPTZ   NOT NULL DEFAULT now(),
    finalized_at    TIMESTAMPTZ,
    CONSTRAINT settlements_grower_season_key UNIQUE (grower_id, season)
);

CREATE TABLE settlement_lines (
    id            BIGSERIAL PRIMARY KEY,
    settlement_id BIGINT        NOT NULL REFERENCES settlements (id),
    line_type     TEXT          NOT NULL,
    ref           TEXT          NOT NULL DEFAULT '',
    description   TEXT          NOT NULL DEFAULT '',
    amount        NUMERIC(14,2) NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX settlement_lines_settlement_idx ON settlement_lines (settlement_id);

CREATE TABLE payouts (
    id                  UUID PRIMARY KEY,
    settlement_id       BIGINT        NOT NULL REFERENCES settlements (id),
    grower_id           BIGINT        NOT NULL REFERENCES growers (id),
    bank_account_id     UUID          NOT NULL REFERENCES grower_bank_accounts (id),
    amount              NUMERIC(14,2) NOT NULL,
    status              TEXT          NOT NULL DEFAULT 'pending',
    provider_payment_id TEXT          NOT NULL DEFAULT '',
    attempts            INT           NOT NULL DEFAULT 0,
    last_error          TEXT          NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ   NOT NULL DEFAULT now(),
    sent_at             TIMESTAMPTZ,
    settled_at          TIMESTAMPTZ,
    CONSTRAINT payouts_settlement_key UNIQUE (settlement_id)
);

CREATE TABLE deferred_payments (
    id                  BIGSERIAL PRIMARY KEY,
    contract_id         UUID          NOT NULL REFERENCES contracts (id),
    grower_id           BIGINT        NOT NULL REFERENCES growers (id),
    bank_account_id     UUID          NOT NULL REFERENCES grower_bank_accounts (id),
    amount              NUMERIC(14,2) NOT NULL,
    due_date            DATE          NOT NULL,
    status              TEXT          NOT NULL DEFAULT 'scheduled',
    provider_payment_id TEXT          NOT NULL DEFAULT '',
    paid_at             TIMESTAMPTZ,
    CONSTRAINT deferred_payments_contract_key UNIQUE (contract_id)
);
CREATE INDEX deferred_payments_due_idx ON deferred_payments (status, due_date);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE deferred_payments;
DROP TABLE payouts;
DROP TABLE settlement_lines;
DROP TABLE settlements;
DROP TABLE advances;
DROP TABLE storage_invoices;
DROP TABLE storage_fees;
DROP TABLE storage_lots;
-- +goose StatementEnd
