CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE firms (
    id                  uuid PRIMARY KEY,
    name                text NOT NULL,
    stripe_customer_id  text NOT NULL UNIQUE,
    default_payment_method text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
    key_hash    bytea PRIMARY KEY,
    firm_id     uuid NOT NULL REFERENCES firms (id),
    label       text NOT NULL,
    revoked_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE attorneys (
    id          uuid PRIMARY KEY,
    firm_id     uuid NOT NULL REFERENCES firms (id),
    full_name   text NOT NULL,
    email       text NOT NULL,
    phone       text,
    bar_number  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (firm_id, email),
    UNIQUE (bar_number)
);

CREATE TABLE matters (
    id           uuid PRIMARY KEY,
    firm_id      uuid NOT NULL REFERENCES firms (id),
    court_code   text NOT NULL,
    case_number  text,
    title        text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- A case number is unique per court once the clerk has assigned it.
CREATE UNIQUE INDEX matters_court_case_uniq
    ON matters (firm_id, court_code, case_number)
    WHERE case_number IS NOT NULL;

CREATE TABLE service_contacts (
    id          uuid PRIMARY KEY,
    matter_id   uuid NOT NULL REFERENCES matters (id),
    name        text NOT NULL,
    email       text NOT NULL,
    UNIQUE (matter_id, email)
);

CREATE TABLE filings (
    id                 uuid PRIMARY KEY,
    firm_id            uuid NOT NULL REFERENCES firms (id),
    matter_id          uuid NOT NULL REFERENCES matters (id),
    attorney_id        uuid NOT NULL REFERENCES attorneys (id),
    court_code         text NOT NULL,
    filing_code        text NOT NULL,
    description        text NOT NULL DEFAULT '',
    status             text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'fee_authorized', 'queued', 'submitted',
                          'accepted', 'rejected', 'withdrawn')),
    court_fee_cents    bigint NOT NULL CHECK (court_fee_cents >= 0),
    service_fee_cents  bigint NOT NULL CHECK (service_fee_cents >= 0),
    envelope_id        text UNIQUE,
    case_number        text,
    rejection_reason   text,
    submitted_at       timestamptz,
    decided_at         timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX filings_firm_idx ON filings (firm_id, created_at DESC);

CREATE TABLE filing_documents (
    id            uuid PRIMARY KEY,
    filing_id     uuid NOT NULL REFERENCES filings (id) ON DELETE CASCADE,
    position      int  NOT NULL,
    title         text NOT NULL,
    storage_key   text NOT NULL,
    sha256        text NOT NULL,
    page_count    int  NOT NULL CHECK (page_count > 0),
    lead          boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (filing_id, position)
);

-- Only one lead document per filing.
CREATE UNIQUE INDEX filing_documents_one_lead
    ON filing_documents (filing_id) WHERE lead;

CREATE TABLE idempotency_keys (
    firm_id        uuid NOT NULL REFERENCES firms (id),
    key            text NOT NULL,
    request_hash   text NOT NULL,
    resource_id    uuid,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (firm_id, key)
);

CREATE TABLE api_responses (
    scope        text NOT NULL,
    key          text NOT NULL,
    status_code  int  NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE audit_events (
    id          uuid PRIMARY KEY,
    firm_id     uuid,
    actor       text NOT NULL,
    action      text NOT NULL,
    subject_id  text NOT NULL,
    detail      jsonb NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX audit_events_subject_idx ON audit_events (subject_id, created_at);
