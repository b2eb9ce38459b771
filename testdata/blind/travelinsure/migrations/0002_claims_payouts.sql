-- Claims, supporting documents and payouts to travellers.

CREATE TABLE claims (
    id                    uuid PRIMARY KEY,
    claim_number          text NOT NULL UNIQUE,
    policy_id             uuid NOT NULL REFERENCES policies (id),
    type                  text NOT NULL CHECK (type IN ('medical', 'baggage', 'cancellation', 'delay', 'other')),
    incident_date         date NOT NULL,
    description           text NOT NULL,
    amount_claimed_minor  bigint NOT NULL CHECK (amount_claimed_minor > 0),
    approved_amount_minor bigint NOT NULL DEFAULT 0,
    currency              char(3) NOT NULL,
    payee_iban            text NOT NULL,
    payee_name            text NOT NULL,
    status                text NOT NULL CHECK (status IN ('submitted', 'approved', 'rejected', 'paid')),
    decision_note         text,
    decided_by            text,
    decided_at            timestamptz,
    acknowledged_at       timestamptz,
    ack_message_id        text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claims_policy_idx ON claims (policy_id);

CREATE TABLE claim_documents (
    id           uuid PRIMARY KEY,
    claim_id     uuid NOT NULL REFERENCES claims (id),
    kind         text NOT NULL,
    filename     text NOT NULL,
    content_type text NOT NULL,
    size_bytes   bigint NOT NULL CHECK (size_bytes > 0),
    sha256       char(64) NOT NULL,
    storage_key  text NOT NULL UNIQUE,
    uploaded_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claim_documents_claim_idx ON claim_documents (claim_id);

CREATE TABLE claim_status_history (
    id         uuid PRIMARY KEY,
    claim_id   uuid NOT NULL REFERENCES claims (id),
    status     text NOT NULL,
    actor      text NOT NULL,
    note       text,
    changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                   uuid PRIMARY KEY,
    claim_id             uuid REFERENCES claims (id),
    parametric_claim_id  uuid,
    amount_minor         bigint NOT NULL CHECK (amount_minor > 0),
    currency             char(3) NOT NULL,
    creditor_iban        text NOT NULL,
    creditor_name        text NOT NULL,
    status               text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    provider_transfer_id text UNIQUE,
    paid_at              timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CHECK ((claim_id IS NULL) <> (parametric_claim_id IS NULL))
);

-- At most one payout per claim and per parametric claim.
CREATE UNIQUE INDEX payouts_claim_uq ON payouts (claim_id) WHERE claim_id IS NOT NULL;
CREATE UNIQUE INDEX payouts_parametric_claim_uq ON payouts (parametric_claim_id) WHERE parametric_claim_id IS NOT NULL;

CREATE TABLE payout_attempts (
    id          uuid PRIMARY KEY,
    payout_id   uuid NOT NULL REFERENCES payouts (id),
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    outcome     text NOT NULL,
    error       text
);

CREATE INDEX payout_attempts_payout_idx ON payout_attempts (payout_id, started_at);
