CREATE TABLE cost_centres (
    code            text        NOT NULL,
    fiscal_year     integer     NOT NULL,
    name            text        NOT NULL,
    currency        char(3)     NOT NULL,
    allocated_minor bigint      NOT NULL,
    reserved_minor  bigint      NOT NULL DEFAULT 0,
    consumed_minor  bigint      NOT NULL DEFAULT 0,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (code, fiscal_year),
    CONSTRAINT cost_centres_available_chk CHECK (reserved_minor + consumed_minor <= allocated_minor)
);

CREATE TABLE budget_reservations (
    id               text        PRIMARY KEY,
    cost_centre      text        NOT NULL,
    fiscal_year      integer     NOT NULL,
    amount_minor     bigint      NOT NULL,
    reference        text        NOT NULL,
    idempotency_key  text        NOT NULL UNIQUE,
    status           text        NOT NULL DEFAULT 'reserved',
    expires_at       timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    released_at      timestamptz,
    FOREIGN KEY (cost_centre, fiscal_year) REFERENCES cost_centres (code, fiscal_year)
);

CREATE TABLE budget_transfers (
    id              text        PRIMARY KEY,
    reference       text        NOT NULL UNIQUE,
    from_centre     text        NOT NULL,
    to_centre       text        NOT NULL,
    fiscal_year     integer     NOT NULL,
    amount_minor    bigint      NOT NULL,
    approved_by     text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
