-- +migrate Up
CREATE TABLE inventory (
    sku        TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    vintage    INT,
    unit_cents BIGINT NOT NULL,
    on_hand    INT NOT NULL DEFAULT 0,
    reserved   INT NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT inventory_nonnegative CHECK (on_hand >= 0 AND reserved >= 0)
);

CREATE TABLE allocation_runs (
    id          UUID PRIMARY KEY,
    quarter     TEXT NOT NULL,
    started_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ,
    allocated   INT NOT NULL DEFAULT 0
);

CREATE TABLE allocations (
    id                   UUID PRIMARY KEY,
    run_id               UUID REFERENCES allocation_runs (id),
    member_id            TEXT NOT NULL REFERENCES members (id),
    quarter              TEXT NOT NULL,
    status               TEXT NOT NULL DEFAULT 'pending',
    subtotal_cents       BIGINT NOT NULL DEFAULT 0,
    shipping_cents       BIGINT NOT NULL DEFAULT 0,
    tax_cents            BIGINT NOT NULL DEFAULT 0,
    credit_applied_cents BIGINT NOT NULL DEFAULT 0,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX allocations_member_quarter_idx ON allocations (member_id, quarter);
CREATE INDEX allocations_status_idx ON allocations (quarter, status);

CREATE TABLE allocation_items (
    id            UUID PRIMARY KEY,
    allocation_id UUID NOT NULL REFERENCES allocations (id),
    sku           TEXT NOT NULL REFERENCES inventory (sku),
    quantity      INT NOT NULL,
    unit_cents    BIGINT NOT NULL,
    addon         BOOLEAN NOT NULL DEFAULT false,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX allocation_items_allocation_idx ON allocation_items (allocation_id);

CREATE TABLE credit_redemptions (
    id            UUID PRIMARY KEY,
    allocation_id UUID NOT NULL REFERENCES allocations (id),
    member_id     TEXT NOT NULL REFERENCES members (id),
    amount_cents  BIGINT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT credit_redemptions_allocation_key UNIQUE (allocation_id)
);
