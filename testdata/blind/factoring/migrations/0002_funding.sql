-- Funding requests, offers, advances and the payouts that fund them.

CREATE TABLE funding_requests (
    id               uuid PRIMARY KEY,
    invoice_id       uuid        NOT NULL REFERENCES invoices (id),
    supplier_id      uuid        NOT NULL REFERENCES suppliers (id),
    requested_minor  bigint      NOT NULL,
    status           text        NOT NULL DEFAULT 'open',
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX funding_requests_invoice_idx ON funding_requests (invoice_id);

CREATE TABLE offers (
    id                  uuid PRIMARY KEY,
    funding_request_id  uuid        NOT NULL REFERENCES funding_requests (id),
    invoice_id          uuid        NOT NULL REFERENCES invoices (id),
    advance_rate_bps    integer     NOT NULL,
    discount_fee_bps    integer     NOT NULL,
    daily_fee_bps       integer     NOT NULL,
    advance_minor       bigint      NOT NULL,
    reserve_minor       bigint      NOT NULL,
    status              text        NOT NULL DEFAULT 'open',
    expires_at          timestamptz NOT NULL,
    accepted_at         timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE advances (
    id                  uuid PRIMARY KEY,
    offer_id            uuid        NOT NULL REFERENCES offers (id),
    invoice_id          uuid        NOT NULL REFERENCES invoices (id),
    supplier_id         uuid        NOT NULL REFERENCES suppliers (id),
    currency            char(3)     NOT NULL,
    principal_minor     bigint      NOT NULL,
    reserve_minor       bigint      NOT NULL,
    discount_fee_minor  bigint      NOT NULL,
    daily_fee_bps       integer     NOT NULL,
    fees_accrued_minor  bigint      NOT NULL DEFAULT 0,
    outstanding_minor   bigint      NOT NULL,
    status              text        NOT NULL DEFAULT 'pending_payout',
    paid_out_at         timestamptz,
    closed_at           timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT advances_offer_uq UNIQUE (offer_id),
    CONSTRAINT advances_invoice_uq UNIQUE (invoice_id)
);

CREATE TABLE payouts (
    id               uuid PRIMARY KEY,
    advance_id       uuid        NOT NULL REFERENCES advances (id),
    kind             text        NOT NULL,
    request_key      text        NOT NULL,
    amount_minor     bigint      NOT NULL,
    currency         char(3)     NOT NULL,
    beneficiary_iban text        NOT NULL,
    beneficiary_name text        NOT NULL,
    reference        text        NOT NULL,
    status           text        NOT NULL DEFAULT 'pending',
    provider_ref     text,
    failure_reason   text        NOT NULL DEFAULT '',
    submitted_at     timestamptz,
    settled_at       timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payouts_request_uq UNIQUE (advance_id, kind, request_key)
);

CREATE UNIQUE INDEX payouts_provider_ref_uq ON payouts (provider_ref) WHERE provider_ref IS NOT NULL;

CREATE TABLE repayment_plans (
    id              uuid PRIMARY KEY,
    advance_id      uuid        NOT NULL REFERENCES advances (id),
    installments    integer     NOT NULL,
    total_minor     bigint      NOT NULL,
    first_due_date  date        NOT NULL,
    status          text        NOT NULL DEFAULT 'active',
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE repayment_installments (
    id            uuid PRIMARY KEY,
    plan_id       uuid        NOT NULL REFERENCES repayment_plans (id),
    seq           integer     NOT NULL,
    due_date      date        NOT NULL,
    amount_minor  bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'scheduled',
    CONSTRAINT repayment_installments_seq_uq UNIQUE (plan_id, seq)
);

CREATE TABLE rebates (
    id            uuid PRIMARY KEY,
    advance_id    uuid        NOT NULL REFERENCES advances (id),
    invoice_id    uuid        NOT NULL REFERENCES invoices (id),
    amount_minor  bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'pending',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rebates_advance_idx ON rebates (advance_id);
