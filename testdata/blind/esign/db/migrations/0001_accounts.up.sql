CREATE TABLE accounts (
    id                       text PRIMARY KEY,
    name                     text        NOT NULL,
    billing_mode             text        NOT NULL CHECK (billing_mode IN ('card', 'invoice')),
    billing_email            text        NOT NULL,
    currency                 text        NOT NULL DEFAULT 'usd',
    per_envelope_cents       integer     NOT NULL CHECK (per_envelope_cents >= 0),
    stripe_customer_id       text,
    stripe_payment_method_id text,
    created_at               timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
    id          text PRIMARY KEY,
    account_id  text        NOT NULL REFERENCES accounts (id),
    key_hash    bytea       NOT NULL UNIQUE,
    label       text        NOT NULL DEFAULT '',
    revoked_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX api_keys_account_idx ON api_keys (account_id);

-- Responses stored for API requests that carry an Idempotency-Key header.
CREATE TABLE api_idempotency_keys (
    account_id      text        NOT NULL REFERENCES accounts (id),
    key             text        NOT NULL,
    route           text        NOT NULL,
    response_status integer     NOT NULL,
    response_body   jsonb       NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, key)
);
