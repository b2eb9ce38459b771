-- Reseller partners and their seat allocations (managed with bun).

CREATE TABLE partners (
    id            text PRIMARY KEY,
    name          text NOT NULL,
    api_base_url  text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_allocations (
    id                 text PRIMARY KEY,        -- allocation id returned by the partner
    partner_id         text NOT NULL REFERENCES partners (id),
    event_id           text NOT NULL REFERENCES events (id),
    section            text NOT NULL,
    seats              integer NOT NULL,
    sold               integer NOT NULL DEFAULT 0,
    status             text NOT NULL DEFAULT 'active', -- active | releasing | released
    created_at         timestamptz NOT NULL DEFAULT now(),
    released_at        timestamptz
);

CREATE TABLE partner_operations (
    op_id          text PRIMARY KEY,
    allocation_id  text NOT NULL REFERENCES partner_allocations (id),
    kind           text NOT NULL,
    status         text NOT NULL DEFAULT 'pending',
    created_at     timestamptz NOT NULL DEFAULT now(),
    completed_at   timestamptz,
    UNIQUE (allocation_id, kind)
);

CREATE TABLE partner_sales (
    partner_id        text NOT NULL REFERENCES partners (id),
    partner_sale_ref  text NOT NULL,
    allocation_id     text NOT NULL REFERENCES partner_allocations (id),
    quantity          integer NOT NULL,
    amount_cents      bigint NOT NULL,
    sold_at           timestamptz NOT NULL,
    PRIMARY KEY (partner_id, partner_sale_ref)
);
