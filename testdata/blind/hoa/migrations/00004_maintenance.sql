-- +goose Up
CREATE TABLE vendors (
    id                 UUID PRIMARY KEY,
    association_id     UUID        NOT NULL REFERENCES associations (id),
    network_vendor_id  TEXT        NOT NULL,
    name               TEXT        NOT NULL,
    trade              TEXT        NOT NULL,
    on_call            BOOLEAN     NOT NULL DEFAULT false,
    payout_account_ref TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (association_id, network_vendor_id)
);

-- At most one on-call vendor per trade for each association.
CREATE UNIQUE INDEX vendors_on_call_trade ON vendors (association_id, trade) WHERE on_call;

CREATE TABLE maintenance_requests (
    id             UUID PRIMARY KEY,
    association_id UUID        NOT NULL REFERENCES associations (id),
    account_id     UUID REFERENCES owner_accounts (id),
    request_key    TEXT        NOT NULL,
    public_ref     TEXT        NOT NULL UNIQUE,
    category       TEXT        NOT NULL,
    priority       TEXT        NOT NULL CHECK (priority IN ('routine', 'urgent', 'emergency')),
    description    TEXT        NOT NULL,
    location       TEXT        NOT NULL DEFAULT '',
    status         TEXT        NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'dispatched', 'in_progress', 'completed', 'cancelled')),
    vendor_id      UUID REFERENCES vendors (id),
    work_order_ref TEXT,
    completed_at   TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (association_id, request_key)
);

CREATE UNIQUE INDEX maintenance_requests_work_order ON maintenance_requests (work_order_ref) WHERE work_order_ref IS NOT NULL;
CREATE INDEX maintenance_requests_open ON maintenance_requests (association_id, status) WHERE status NOT IN ('completed', 'cancelled');

CREATE TABLE vendor_quotes (
    id                     UUID PRIMARY KEY,
    maintenance_request_id UUID        NOT NULL REFERENCES maintenance_requests (id),
    vendor_id              UUID        NOT NULL REFERENCES vendors (id),
    network_quote_id       TEXT        NOT NULL,
    amount_cents           BIGINT      NOT NULL CHECK (amount_cents >= 0),
    notes                  TEXT        NOT NULL DEFAULT '',
    status                 TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX vendor_quotes_request ON vendor_quotes (maintenance_request_id);

CREATE TABLE vendor_payouts (
    id                     UUID PRIMARY KEY,
    maintenance_request_id UUID        NOT NULL UNIQUE REFERENCES maintenance_requests (id),
    vendor_id              UUID        NOT NULL REFERENCES vendors (id),
    amount_cents           BIGINT      NOT NULL CHECK (amount_cents >= 0),
    status                 TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
    transfer_ref           TEXT UNIQUE,
    paid_at                TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE vendor_payouts;
DROP TABLE vendor_quotes;
DROP TABLE maintenance_requests;
DROP TABLE vendors;
