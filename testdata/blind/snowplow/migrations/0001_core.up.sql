CREATE TABLE subcontractors (
    id                    uuid PRIMARY KEY,
    legal_name            text        NOT NULL,
    tax_id                text        NOT NULL,
    phone                 text        NOT NULL,
    rate_per_route_cents  bigint      NOT NULL,
    bank_recipient_id     text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT subcontractors_tax_id_key UNIQUE (tax_id)
);

CREATE TABLE subcontractor_balances (
    subcontractor_id uuid PRIMARY KEY REFERENCES subcontractors (id),
    balance_cents    bigint      NOT NULL DEFAULT 0,
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id               uuid PRIMARY KEY,
    subcontractor_id uuid        NOT NULL REFERENCES subcontractors (id),
    kind             text        NOT NULL, -- route_pay, adjustment, reversal
    amount_cents     bigint      NOT NULL,
    memo             text        NOT NULL DEFAULT '',
    created_by       text        NOT NULL DEFAULT 'system',
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_sub_idx ON ledger_entries (subcontractor_id, created_at);

CREATE TABLE yards (
    id                  text PRIMARY KEY,
    name                text   NOT NULL,
    delivery_address    text   NOT NULL,
    reorder_point_kg    bigint NOT NULL,
    reorder_quantity_kg bigint NOT NULL
);

CREATE TABLE trucks (
    id               text PRIMARY KEY, -- fleet number, e.g. T-114
    subcontractor_id uuid NOT NULL REFERENCES subcontractors (id),
    yard_id          text NOT NULL REFERENCES yards (id),
    plate            text NOT NULL,
    last_seen_at     timestamptz
);

CREATE TABLE storms (
    id             uuid PRIMARY KEY,
    city_storm_ref text        NOT NULL,
    severity       text        NOT NULL,
    status         text        NOT NULL DEFAULT 'active', -- active, ended
    declared_at    timestamptz NOT NULL,
    ended_at       timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storms_city_ref_idx ON storms (city_storm_ref, declared_at DESC);

CREATE TABLE routes (
    id              uuid PRIMARY KEY,
    city_route_code text    NOT NULL,
    name            text    NOT NULL,
    length_m        integer NOT NULL,
    priority        integer NOT NULL DEFAULT 3,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT routes_city_route_code_key UNIQUE (city_route_code)
);

CREATE TABLE route_assignments (
    id                 uuid PRIMARY KEY,
    city_assignment_id text        NOT NULL,
    revision           integer     NOT NULL DEFAULT 0,
    storm_id           uuid        NOT NULL REFERENCES storms (id),
    route_id           uuid        NOT NULL REFERENCES routes (id),
    subcontractor_id   uuid        NOT NULL REFERENCES subcontractors (id),
    truck_id           text        NOT NULL REFERENCES trucks (id),
    status             text        NOT NULL DEFAULT 'assigned', -- assigned, in_progress, cleared, released
    covered_m          integer     NOT NULL DEFAULT 0,
    pass_count         integer     NOT NULL DEFAULT 0,
    salt_kg            bigint      NOT NULL DEFAULT 0,
    assigned_at        timestamptz NOT NULL DEFAULT now(),
    cleared_at         timestamptz,
    ended_at           timestamptz,
    CONSTRAINT route_assignments_city_rev_key UNIQUE (city_assignment_id, revision)
);
CREATE UNIQUE INDEX route_assignments_one_open
    ON route_assignments (storm_id, route_id) WHERE ended_at IS NULL;
CREATE INDEX route_assignments_truck_idx ON route_assignments (truck_id) WHERE ended_at IS NULL;
