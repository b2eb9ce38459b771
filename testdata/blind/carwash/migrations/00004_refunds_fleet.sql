-- +goose Up
CREATE TABLE refunds (
    id                  uuid PRIMARY KEY,
    wash_id             uuid NOT NULL REFERENCES washes (id),
    processor_charge_id text NOT NULL,
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    reason              text NOT NULL,
    status              text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    processor_refund_id text,
    requested_by        text NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (wash_id)
);

CREATE TABLE fleet_accounts (
    id              uuid PRIMARY KEY,
    code            text NOT NULL UNIQUE,
    company_name    text NOT NULL,
    billing_email   text NOT NULL,
    contact_phone   text,
    card_token      text,
    autopay         boolean NOT NULL DEFAULT false,
    price_cents     bigint NOT NULL CHECK (price_cents >= 0),
    active          boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX fleet_accounts_billing_email_uq ON fleet_accounts (lower(billing_email));

CREATE TABLE fleet_vehicles (
    account_id uuid NOT NULL REFERENCES fleet_accounts (id),
    plate      text NOT NULL,
    label      text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, plate)
);

CREATE TABLE fleet_invoices (
    id                  uuid PRIMARY KEY,
    account_id          uuid NOT NULL REFERENCES fleet_accounts (id),
    period              text NOT NULL,
    status              text NOT NULL CHECK (status IN ('open', 'paid', 'payment_failed', 'void')),
    wash_count          integer NOT NULL DEFAULT 0,
    total_cents         bigint NOT NULL DEFAULT 0,
    processor_charge_id text,
    due_at              timestamptz NOT NULL,
    paid_at             timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, period)
);

ALTER TABLE washes
    ADD COLUMN fleet_invoice_id uuid REFERENCES fleet_invoices (id),
    ADD CONSTRAINT washes_fleet_account_fk FOREIGN KEY (fleet_account_id) REFERENCES fleet_accounts (id);

-- +goose Down
ALTER TABLE washes DROP CONSTRAINT washes_fleet_account_fk, DROP COLUMN fleet_invoice_id;
DROP TABLE fleet_invoices;
DROP TABLE fleet_vehicles;
DROP TABLE fleet_accounts;
DROP TABLE refunds;
