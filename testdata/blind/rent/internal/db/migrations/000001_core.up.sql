CREATE TABLE landlords (
    id                  TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    email               TEXT NOT NULL,
    payout_account_id   TEXT NOT NULL,
    instant_payouts     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tenants (
    id                  TEXT PRIMARY KEY,
    email               TEXT NOT NULL,
    phone               TEXT,
    full_name           TEXT NOT NULL,
    ach_customer_ref    TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX tenants_email_key ON tenants (lower(email));

-- Lease IDs are assigned by the leasing system and carried on its events.
CREATE TABLE leases (
    id                  TEXT PRIMARY KEY,
    landlord_id         TEXT NOT NULL REFERENCES landlords (id),
    property_ref        TEXT NOT NULL,
    unit_label          TEXT NOT NULL,
    rent_cents          BIGINT NOT NULL CHECK (rent_cents > 0),
    due_day             SMALLINT NOT NULL CHECK (due_day BETWEEN 1 AND 28),
    grace_days          SMALLINT NOT NULL DEFAULT 5,
    late_fee_cents      BIGINT NOT NULL DEFAULT 0,
    late_fee_cap_cents  BIGINT NOT NULL DEFAULT 0,
    deposit_cents       BIGINT NOT NULL DEFAULT 0,
    deposit_held_cents  BIGINT NOT NULL DEFAULT 0,
    status              TEXT NOT NULL DEFAULT 'active',
    starts_on           DATE NOT NULL,
    ends_on             DATE,
    terminated_at       TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE lease_tenants (
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    tenant_id           TEXT NOT NULL REFERENCES tenants (id),
    is_primary          BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (lease_id, tenant_id)
);

CREATE TABLE lease_terms (
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    term_start          DATE NOT NULL,
    term_end            DATE NOT NULL,
    rent_cents          BIGINT NOT NULL,
    source_event_id     TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (lease_id, term_start)
);

CREATE TABLE charges (
    id                  TEXT PRIMARY KEY,
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    kind                TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    due_on              DATE NOT NULL,
    status              TEXT NOT NULL DEFAULT 'open',
    description         TEXT NOT NULL DEFAULT '',
    source_charge_id    TEXT REFERENCES charges (id),
    related_payment_id  TEXT,
    assessed_on         DATE,
    waived_reason       TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX charges_lease_status_idx ON charges (lease_id, status, due_on);
CREATE UNIQUE INDEX charges_rent_period_key ON charges (lease_id, due_on) WHERE kind = 'rent';
CREATE UNIQUE INDEX charges_late_fee_day_key ON charges (source_charge_id, assessed_on) WHERE kind = 'late_fee';

CREATE TABLE ledger_entries (
    id                  TEXT PRIMARY KEY,
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    charge_id           TEXT,
    payment_id          TEXT,
    entry_type          TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    memo                TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_lease_idx ON ledger_entries (lease_id, created_at);
