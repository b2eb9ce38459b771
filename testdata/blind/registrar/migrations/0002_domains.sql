-- +migrate Up
CREATE TABLE orders (
    id                uuid PRIMARY KEY,
    account_id        uuid NOT NULL REFERENCES accounts (id),
    kind              text NOT NULL CHECK (kind IN ('register', 'transfer', 'renew')),
    domain_name       text NOT NULL,
    period_years      int NOT NULL CHECK (period_years BETWEEN 1 AND 10),
    amount_cents      bigint NOT NULL,
    currency          char(3) NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    contact_id        uuid REFERENCES contacts (id),
    payment_method_id uuid REFERENCES payment_methods (id),
    nameservers       text[] NOT NULL DEFAULT '{}',
    workflow_id       text,
    failure_reason    text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_account_idx ON orders (account_id, created_at DESC);
CREATE INDEX orders_status_idx ON orders (status) WHERE status IN ('pending', 'processing');

CREATE TABLE domains (
    id                    uuid PRIMARY KEY,
    name                  text NOT NULL UNIQUE,
    account_id            uuid NOT NULL REFERENCES accounts (id),
    registrant_contact_id uuid REFERENCES contacts (id),
    registry_roid         text UNIQUE,
    status                text NOT NULL DEFAULT 'active',
    auto_renew            boolean NOT NULL DEFAULT true,
    nameservers           text[] NOT NULL DEFAULT '{}',
    registered_at         timestamptz NOT NULL,
    expires_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX domains_expiry_idx ON domains (expires_at) WHERE status = 'active';
CREATE INDEX domains_account_idx ON domains (account_id);

CREATE TABLE transfers (
    id                   uuid PRIMARY KEY,
    account_id           uuid REFERENCES accounts (id),
    order_id             uuid REFERENCES orders (id),
    domain_name          text NOT NULL,
    direction            text NOT NULL CHECK (direction IN ('in', 'out')),
    status               text NOT NULL,
    registry_transfer_id text UNIQUE,
    gaining_registrar    text,
    workflow_id          text,
    requested_at         timestamptz NOT NULL DEFAULT now(),
    completed_at         timestamptz
);

CREATE INDEX transfers_domain_idx ON transfers (domain_name);

CREATE TABLE renewals (
    domain_id        uuid NOT NULL REFERENCES domains (id),
    cycle_expires_at date NOT NULL,
    period_years     int NOT NULL,
    trigger          text NOT NULL CHECK (trigger IN ('auto', 'manual')),
    new_expires_at   timestamptz NOT NULL,
    renewed_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (domain_id, cycle_expires_at)
);

CREATE TABLE registry_messages (
    message_id  text PRIMARY KEY,
    kind        text NOT NULL,
    domain_name text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

-- +migrate Down
DROP TABLE registry_messages;
DROP TABLE renewals;
DROP TABLE transfers;
DROP TABLE domains;
DROP TABLE orders;
