CREATE TABLE driver_bank_accounts (
    driver_member_id  uuid PRIMARY KEY REFERENCES members (id),
    account_holder    text        NOT NULL,
    routing_number    text        NOT NULL,
    account_last4     text        NOT NULL,
    account_token     text        NOT NULL,
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reimbursement_claims (
    id                uuid PRIMARY KEY,
    driver_member_id  uuid        NOT NULL REFERENCES members (id),
    vanpool_id        uuid        NOT NULL REFERENCES vanpools (id),
    category          text        NOT NULL,
    amount_cents      bigint      NOT NULL CHECK (amount_cents > 0),
    incurred_on       date        NOT NULL,
    receipt_url       text,
    description       text        NOT NULL,
    status            text        NOT NULL DEFAULT 'submitted',
    approved_by       text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX reimbursement_claims_driver_idx ON reimbursement_claims (driver_member_id, status);

CREATE TABLE reimbursement_payouts (
    id                   uuid PRIMARY KEY,
    claim_id             uuid        NOT NULL REFERENCES reimbursement_claims (id),
    amount_cents         bigint      NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_transfer_id text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz,
    CONSTRAINT reimbursement_payouts_claim_key UNIQUE (claim_id)
);

-- Append-only log of every call we make to the ACH provider.
CREATE TABLE payout_attempts (
    id            uuid PRIMARY KEY,
    payout_id     uuid        NOT NULL REFERENCES reimbursement_payouts (id),
    attempt       integer     NOT NULL,
    outcome       text        NOT NULL,
    detail        text,
    attempted_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE driver_ledger (
    id                uuid PRIMARY KEY,
    driver_member_id  uuid        NOT NULL REFERENCES members (id),
    payout_id         uuid        REFERENCES reimbursement_payouts (id),
    amount_cents      bigint      NOT NULL,
    memo              text        NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT driver_ledger_payout_key UNIQUE (payout_id)
);
