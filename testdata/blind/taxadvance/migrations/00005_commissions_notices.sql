-- +goose Up
CREATE TABLE commission_payouts (
    id                  uuid PRIMARY KEY,
    partner_id          uuid        NOT NULL REFERENCES partners (id),
    period_start        timestamptz NOT NULL,
    period_end          timestamptz NOT NULL,
    amount_cents        bigint      NOT NULL DEFAULT 0,
    status              text        NOT NULL CHECK (status IN ('pending', 'paid', 'empty')),
    bank_transfer_id    text,
    paid_at             timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT commission_payouts_partner_period_key UNIQUE (partner_id, period_start)
);

-- Accruals are an append-only ledger per partner: funding commissions,
-- manual adjustments and clawbacks can all reference the same application.
CREATE TABLE commission_accruals (
    id                  uuid PRIMARY KEY,
    partner_id          uuid        NOT NULL REFERENCES partners (id),
    application_id      uuid        REFERENCES advance_applications (id),
    kind                text        NOT NULL CHECK (kind IN ('funding', 'adjustment', 'clawback')),
    amount_cents        bigint      NOT NULL,
    payout_id           uuid        REFERENCES commission_payouts (id),
    note                text        NOT NULL DEFAULT '',
    created_by          text        NOT NULL,
    accrued_at          timestamptz NOT NULL,
    partner_notified_at timestamptz
);
CREATE INDEX commission_accruals_unpaid ON commission_accruals (partner_id, accrued_at) WHERE payout_id IS NULL;
CREATE INDEX commission_accruals_application ON commission_accruals (application_id);

CREATE TABLE adverse_action_notices (
    id                  uuid PRIMARY KEY,
    application_id      uuid        NOT NULL REFERENCES advance_applications (id),
    email               text        NOT NULL,
    reason_codes        text        NOT NULL,
    provider_message_id text        NOT NULL DEFAULT '',
    sent_at             timestamptz NOT NULL,
    CONSTRAINT adverse_action_notices_application_key UNIQUE (application_id)
);

CREATE TABLE api_idempotency_keys (
    scope           text        NOT NULL,
    key             text        NOT NULL,
    request_hash    text        NOT NULL,
    status_code     integer     NOT NULL,
    content_type    text        NOT NULL DEFAULT '',
    response_body   bytea       NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE api_idempotency_keys;
DROP TABLE adverse_action_notices;
DROP TABLE commission_accruals;
DROP TABLE commission_payouts;
