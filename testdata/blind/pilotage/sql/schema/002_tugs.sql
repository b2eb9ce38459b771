-- Tug orders placed with the partner tug company.

CREATE TABLE tug_orders (
    id             text PRIMARY KEY,
    job_id         text NOT NULL UNIQUE REFERENCES pilotage_jobs (id),
    tugs_required  integer NOT NULL CHECK (tugs_required BETWEEN 1 AND 6),
    bollard_pull_t integer NOT NULL,
    revision       integer NOT NULL DEFAULT 1,
    status         text NOT NULL DEFAULT 'ordered'
        CHECK (status IN ('ordered', 'confirmed', 'cancelled')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tug_confirmations (
    confirmation_id text PRIMARY KEY,
    tug_order_id    text NOT NULL REFERENCES tug_orders (id),
    tug_names       text[] NOT NULL,
    confirmed_at    timestamptz NOT NULL
);
