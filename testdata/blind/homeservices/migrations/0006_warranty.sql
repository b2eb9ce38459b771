-- Warranty claims covered by the insurer.

CREATE TABLE warranty_claims (
    id                  TEXT PRIMARY KEY,
    job_id              TEXT        NOT NULL REFERENCES jobs (id),
    customer_id         TEXT        NOT NULL REFERENCES customers (id),
    policy_ref          TEXT        NOT NULL,
    description         TEXT        NOT NULL,
    insurer_claim_ref   TEXT,
    status              TEXT        NOT NULL DEFAULT 'draft',
    approved_cents      BIGINT,
    rejection_reason    TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX warranty_claims_insurer_ref_key ON warranty_claims (insurer_claim_ref)
    WHERE insurer_claim_ref IS NOT NULL;

CREATE TABLE warranty_authorizations (
    authorization_ref TEXT PRIMARY KEY,
    claim_id          TEXT        NOT NULL REFERENCES warranty_claims (id),
    amount_cents      BIGINT      NOT NULL,
    expires_at        TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
