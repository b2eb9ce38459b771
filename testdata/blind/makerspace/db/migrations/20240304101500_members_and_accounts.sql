-- migrate:up
CREATE TABLE members (
    id                  text PRIMARY KEY,
    email               text NOT NULL,
    full_name           text NOT NULL,
    phone               text,
    plan                text NOT NULL DEFAULT 'standard',
    status              text NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active', 'past_due', 'suspended', 'cancelled')),
    monthly_dues_cents  bigint NOT NULL CHECK (monthly_dues_cents >= 0),
    processor_customer_id text,
    default_payment_method text,
    door_credential_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX members_email_key ON members (lower(email));
CREATE UNIQUE INDEX members_door_credential_key ON members (door_credential_id)
    WHERE door_credential_id IS NOT NULL;

-- One row per member: the tab balance (material packs, overages) and prepaid machine hours.
CREATE TABLE member_accounts (
    member_id      text PRIMARY KEY REFERENCES members (id),
    tab_cents      bigint NOT NULL DEFAULT 0,
    credit_cents   bigint NOT NULL DEFAULT 0,
    hour_credits   integer NOT NULL DEFAULT 0 CHECK (hour_credits >= 0),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_ledger (
    id            text PRIMARY KEY,
    member_id     text NOT NULL REFERENCES members (id),
    entry_key     text,
    kind          text NOT NULL,
    amount_cents  bigint NOT NULL DEFAULT 0,
    hour_delta    integer NOT NULL DEFAULT 0,
    memo          text NOT NULL DEFAULT '',
    created_by    text,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX account_ledger_entry_key ON account_ledger (entry_key) WHERE entry_key IS NOT NULL;
CREATE INDEX account_ledger_member_idx ON account_ledger (member_id, created_at);

-- Caller-supplied Idempotency-Key values for API operations that create resources.
CREATE TABLE idempotency_keys (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    resource_id   text,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Response cache used by the generic HTTP idempotency middleware.
CREATE TABLE http_responses (
    idem_key     text NOT NULL,
    route        text NOT NULL,
    status_code  integer NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (idem_key, route)
);

CREATE TABLE guest_passes (
    id               text PRIMARY KEY,
    member_id        text NOT NULL REFERENCES members (id),
    guest_name       text NOT NULL,
    vendor_pass_id   text NOT NULL UNIQUE,
    pin_last4        text NOT NULL,
    valid_from       timestamptz NOT NULL,
    valid_until      timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX guest_passes_member_idx ON guest_passes (member_id, valid_from);

-- migrate:down
DROP TABLE guest_passes;
DROP TABLE http_responses;
DROP TABLE idempotency_keys;
DROP TABLE account_ledger;
DROP TABLE member_accounts;
DROP TABLE members;
