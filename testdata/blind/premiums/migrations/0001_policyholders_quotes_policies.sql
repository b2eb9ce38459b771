-- 0001: policyholders, pets, quotes and policies.

CREATE TABLE policyholders (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL UNIQUE,
    phone              TEXT,
    full_name          TEXT NOT NULL,
    stripe_customer_id TEXT,
    bank_account_token TEXT,
    contact_version    BIGINT NOT NULL DEFAULT 0,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE pets (
    id             TEXT PRIMARY KEY,
    policyholder_id TEXT NOT NULL REFERENCES policyholders(id),
    name           TEXT NOT NULL,
    species        TEXT NOT NULL,
    breed          TEXT NOT NULL,
    date_of_birth  DATE NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE quotes (
    id                TEXT PRIMARY KEY,
    reference         TEXT NOT NULL,
    idempotency_key   TEXT NOT NULL UNIQUE,
    policyholder_id   TEXT NOT NULL REFERENCES policyholders(id),
    pet_id            TEXT NOT NULL REFERENCES pets(id),
    plan_code         TEXT NOT NULL,
    monthly_premium_cents BIGINT NOT NULL,
    annual_limit_cents    BIGINT NOT NULL,
    excess_cents          BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'gbp',
    expires_at        TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE policies (
    id                    TEXT PRIMARY KEY,
    quote_id              TEXT NOT NULL REFERENCES quotes(id),
    policyholder_id       TEXT NOT NULL REFERENCES policyholders(id),
    pet_id                TEXT NOT NULL REFERENCES pets(id),
    status                TEXT NOT NULL,  -- pending_payment, active, lapsed, cancelled
    monthly_premium_cents BIGINT NOT NULL,
    annual_limit_cents    BIGINT NOT NULL,
    reserved_cents        BIGINT NOT NULL DEFAULT 0,
    arrears_cents         BIGINT NOT NULL DEFAULT 0,
    wellness_visits_left  INT NOT NULL DEFAULT 2,
    currency              TEXT NOT NULL DEFAULT 'gbp',
    payment_method_id     TEXT NOT NULL,
    starts_on             DATE NOT NULL,
    renews_on             DATE NOT NULL,
    cancelled_at          TIMESTAMPTZ,
    cancel_reason         TEXT,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX policies_policyholder_idx ON policies (policyholder_id);

-- Request-level idempotency keys for the public API. A key is claimed in the
-- same transaction as the rows it creates; response_* is filled on completion.
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    key             TEXT NOT NULL,
    resource_id     TEXT,
    response_status INT,
    response_body   BYTEA,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
