CREATE TABLE tenants (
    id                  TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    erp_webhook_url     TEXT NOT NULL DEFAULT '',
    erp_webhook_secret  TEXT NOT NULL DEFAULT '',
    stripe_customer_id  TEXT NOT NULL DEFAULT '',
    default_card_method TEXT NOT NULL DEFAULT '',
    ap_notify_email     TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE suppliers (
    id                UUID PRIMARY KEY,
    tenant_id         TEXT NOT NULL REFERENCES tenants (id),
    name              TEXT NOT NULL,
    tax_id            TEXT NOT NULL,
    email             TEXT NOT NULL,
    country           CHAR(2) NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    card_enabled      BOOLEAN NOT NULL DEFAULT FALSE,
    stripe_account_id TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT suppliers_tenant_tax_uq UNIQUE (tenant_id, tax_id)
);

CREATE TABLE supplier_bank_accounts (
    id              UUID PRIMARY KEY,
    supplier_id     UUID NOT NULL REFERENCES suppliers (id),
    fingerprint     TEXT NOT NULL,
    last4           TEXT NOT NULL,
    currency        CHAR(3) NOT NULL,
    counterparty_id TEXT NOT NULL,
    is_default      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT supplier_bank_accounts_fp_uq UNIQUE (supplier_id, fingerprint)
);
