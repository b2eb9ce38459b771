-- 0003: clinics, claims, documents, estimates, payouts and partner bookkeeping.

CREATE TABLE clinics (
    id              TEXT PRIMARY KEY,
    clinic_code     TEXT NOT NULL UNIQUE,   -- VetNet's identifier for the practice
    name            TEXT NOT NULL,
    postcode        TEXT NOT NULL,
    callback_url    TEXT,
    stripe_account  TEXT,                   -- connected account for direct-to-vet payouts
    status          TEXT NOT NULL DEFAULT 'onboarding',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE claims (
    id                 TEXT PRIMARY KEY,
    policy_id          TEXT NOT NULL REFERENCES policies(id),
    clinic_code        TEXT,
    vet_invoice_number TEXT NOT NULL,
    source             TEXT NOT NULL,       -- app, vetnet, portal
    condition          TEXT NOT NULL,
    treatment_date     DATE NOT NULL,
    claimed_cents      BIGINT NOT NULL,
    approved_cents     BIGINT,
    currency           TEXT NOT NULL,
    pay_vet_direct     BOOLEAN NOT NULL DEFAULT false,
    status             TEXT NOT NULL DEFAULT 'submitted', -- submitted, approved, declined, settled
    decision_note      TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (policy_id, vet_invoice_number)
);

CREATE TABLE claim_documents (
    id            TEXT PRIMARY KEY,
    claim_id      TEXT NOT NULL REFERENCES claims(id),
    sha256        TEXT NOT NULL,
    blob_key      TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size_bytes    BIGINT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (claim_id, sha256)
);

CREATE TABLE treatment_estimates (
    id              TEXT PRIMARY KEY,
    policy_id       TEXT NOT NULL REFERENCES policies(id),
    clinic_code     TEXT NOT NULL,
    estimate_ref    TEXT NOT NULL,
    estimated_cents BIGINT NOT NULL,
    status          TEXT NOT NULL,      -- preauthorised, declined
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Inbound partner callbacks we have processed (VetNet, bank).
CREATE TABLE partner_events (
    partner       TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    event_type    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (partner, event_id)
);

CREATE TABLE payouts (
    id              TEXT PRIMARY KEY,
    claim_id        TEXT NOT NULL REFERENCES claims(id),
    policy_id       TEXT NOT NULL REFERENCES policies(id),
    payee_kind      TEXT NOT NULL,      -- policyholder, clinic
    amount_cents    BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL,      -- pending, submitted, paid, returned, failed
    transfer_ref    TEXT,               -- bank partner's transfer id or Stripe transfer id
    attempt         INT NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payouts_claim_idx ON payouts (claim_id);
CREATE INDEX payouts_transfer_ref_idx ON payouts (transfer_ref);

CREATE TABLE vet_bookings (
    id               TEXT PRIMARY KEY,   -- VetNet confirmation id
    policy_id        TEXT NOT NULL REFERENCES policies(id),
    clinic_code      TEXT NOT NULL,
    slot_start       TIMESTAMPTZ NOT NULL,
    kind             TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE records_requests (
    claim_id         TEXT PRIMARY KEY REFERENCES claims(id),
    clinic_code      TEXT NOT NULL,
    vetnet_request_id TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE vet_decision_notices (
    notice_id     TEXT PRIMARY KEY,
    claim_id      TEXT NOT NULL REFERENCES claims(id),
    decision      TEXT NOT NULL,
    sent_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
