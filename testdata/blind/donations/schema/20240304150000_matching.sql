-- Matched-giving claims to corporate partners and their decisions.
CREATE TABLE matching_claims (
    id               uuid PRIMARY KEY,
    donation_id      uuid        NOT NULL REFERENCES donations (id),
    donor_id         uuid        NOT NULL REFERENCES donors (id),
    charity_id       uuid        NOT NULL REFERENCES charities (id),
    employer_id      text        NOT NULL,
    employee_ref     text        NOT NULL,
    amount_pence     bigint      NOT NULL,
    status           text        NOT NULL,
    partner_claim_id text,
    client_reference text,
    submitted_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT matching_claims_donation_key UNIQUE (donation_id)
);
CREATE INDEX matching_claims_partner_idx ON matching_claims (partner_claim_id);

-- A partner may approve a claim in several tranches, so there is one row per
-- approval rather than one per claim.
CREATE TABLE matched_gifts (
    id               uuid PRIMARY KEY,
    claim_id         uuid        NOT NULL REFERENCES matching_claims (id),
    partner_claim_id text        NOT NULL,
    charity_id       uuid        NOT NULL REFERENCES charities (id),
    amount_pence     bigint      NOT NULL,
    tranche          integer     NOT NULL DEFAULT 1,
    decided_at       timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matched_gifts_claim_idx ON matched_gifts (claim_id);

CREATE TABLE partner_webhook_events (
    event_id    text PRIMARY KEY,
    event_type  text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
