CREATE TABLE guest_admissions (
    id            uuid PRIMARY KEY,
    visit_id      uuid NOT NULL REFERENCES visits (id),
    membership_id uuid NOT NULL REFERENCES memberships (id),
    guest_name    text NOT NULL,
    admitted_at   timestamptz NOT NULL
);
CREATE INDEX guest_admissions_visit_idx ON guest_admissions (visit_id);

-- Monthly allowance grants; one per membership per period.
CREATE TABLE guest_pass_grants (
    id            uuid PRIMARY KEY,
    membership_id uuid NOT NULL REFERENCES memberships (id),
    period        text NOT NULL,
    quantity      integer NOT NULL CHECK (quantity > 0),
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT guest_pass_grants_period UNIQUE (membership_id, period)
);

CREATE TABLE guest_pass_purchases (
    id                       uuid PRIMARY KEY,
    membership_id            uuid NOT NULL REFERENCES memberships (id),
    quantity                 integer NOT NULL CHECK (quantity > 0),
    amount_cents             bigint NOT NULL,
    currency                 char(3) NOT NULL,
    stripe_payment_intent_id text NOT NULL,
    created_at               timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE guest_pass_transfers (
    id                   uuid PRIMARY KEY,
    from_membership_id   uuid NOT NULL REFERENCES memberships (id),
    request_key          text NOT NULL,
    recipient_email      text NOT NULL,
    claim_code           text NOT NULL UNIQUE,
    status               text NOT NULL CHECK (status IN ('pending', 'claimed', 'expired')),
    claimed_by           uuid REFERENCES memberships (id),
    created_at           timestamptz NOT NULL DEFAULT now(),
    claimed_at           timestamptz,
    CONSTRAINT guest_pass_transfers_request_key UNIQUE (from_membership_id, request_key)
);

CREATE TABLE idempotency_keys (
    scope           text NOT NULL,
    key             text NOT NULL,
    request_hash    text NOT NULL,
    response_status integer NOT NULL,
    response_body   bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
