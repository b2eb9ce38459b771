-- +goose Up
CREATE TABLE property_managers (
    id                 TEXT PRIMARY KEY,
    name               TEXT NOT NULL,
    billing_email      TEXT NOT NULL,
    api_key_hash       TEXT NOT NULL UNIQUE,
    stripe_customer_id TEXT UNIQUE,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE partners (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE partner_managers (
    partner_id TEXT NOT NULL REFERENCES partners(id),
    manager_id TEXT NOT NULL REFERENCES property_managers(id),
    granted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (partner_id, manager_id)
);

CREATE TABLE properties (
    id           TEXT PRIMARY KEY,
    manager_id   TEXT NOT NULL REFERENCES property_managers(id),
    external_ref TEXT NOT NULL,
    name         TEXT NOT NULL,
    line1        TEXT NOT NULL,
    city         TEXT NOT NULL,
    state        TEXT NOT NULL,
    zip          TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (manager_id, external_ref)
);

CREATE TABLE applications (
    id              TEXT PRIMARY KEY,
    manager_id      TEXT NOT NULL REFERENCES property_managers(id),
    property_id     TEXT NOT NULL REFERENCES properties(id),
    partner_id      TEXT REFERENCES partners(id),
    partner_ref     TEXT,
    status          TEXT NOT NULL DEFAULT 'pending_consent',
    first_name      TEXT NOT NULL,
    last_name       TEXT NOT NULL,
    email           TEXT NOT NULL,
    phone           TEXT NOT NULL DEFAULT '',
    date_of_birth   DATE NOT NULL,
    ssn_last4       TEXT NOT NULL,
    addr_line1      TEXT NOT NULL,
    addr_line2      TEXT NOT NULL DEFAULT '',
    addr_city       TEXT NOT NULL,
    addr_state      TEXT NOT NULL,
    addr_zip        TEXT NOT NULL,
    monthly_rent    BIGINT NOT NULL DEFAULT 0,
    decision        TEXT,
    decision_reason TEXT,
    decided_at      TIMESTAMPTZ,
    withdrawn_at    TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (partner_id, partner_ref)
);
CREATE INDEX applications_manager_idx ON applications (manager_id, created_at DESC);

-- Client-supplied Idempotency-Key values for POST /v1/applications. The key
-- row is written in the same transaction as the application itself.
CREATE TABLE idempotency_keys (
    manager_id     TEXT NOT NULL REFERENCES property_managers(id),
    idem_key       TEXT NOT NULL,
    request_hash   TEXT NOT NULL,
    resource_id    TEXT NOT NULL,
    response_code  INT NOT NULL,
    response_body  JSONB NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (manager_id, idem_key)
);

CREATE TABLE consents (
    id                 TEXT PRIMARY KEY,
    application_id     TEXT NOT NULL REFERENCES applications(id),
    disclosure_version TEXT NOT NULL,
    signed_name        TEXT NOT NULL,
    ip_address         TEXT NOT NULL,
    user_agent         TEXT NOT NULL,
    signed_at          TIMESTAMPTZ NOT NULL,
    expires_at         TIMESTAMPTZ NOT NULL,
    status             TEXT NOT NULL DEFAULT 'active',
    UNIQUE (application_id, disclosure_version)
);

CREATE TABLE identity_verifications (
    id                  TEXT PRIMARY KEY,
    application_id      TEXT NOT NULL REFERENCES applications(id),
    provider_session_id TEXT NOT NULL UNIQUE,
    status              TEXT NOT NULL DEFAULT 'pending',
    redirect_url        TEXT NOT NULL,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at        TIMESTAMPTZ
);
CREATE INDEX identity_verifications_app_idx ON identity_verifications (application_id);

CREATE TABLE idverify_events (
    event_id        TEXT PRIMARY KEY,
    verification_id TEXT NOT NULL REFERENCES identity_verifications(id),
    event_type      TEXT NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE idverify_events;
DROP TABLE identity_verifications;
DROP TABLE consents;
DROP TABLE idempotency_keys;
DROP TABLE applications;
DROP TABLE properties;
DROP TABLE partner_managers;
DROP TABLE partners;
DROP TABLE property_managers;
