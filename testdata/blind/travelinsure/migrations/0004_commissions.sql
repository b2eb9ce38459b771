-- Partner commission accruals and monthly statements.

CREATE TABLE commission_accruals (
    id               uuid PRIMARY KEY,
    policy_id        uuid NOT NULL UNIQUE REFERENCES policies (id),
    partner_id       uuid NOT NULL REFERENCES partners (id),
    policy_number    text NOT NULL,
    premium_minor    bigint NOT NULL,
    rate_bps         integer NOT NULL,
    commission_minor bigint NOT NULL,
    currency         char(3) NOT NULL,
    accrued_at       timestamptz NOT NULL
);

CREATE INDEX commission_accruals_partner_idx ON commission_accruals (partner_id, accrued_at);

CREATE TABLE commission_statements (
    id           uuid PRIMARY KEY,
    partner_id   uuid NOT NULL REFERENCES partners (id),
    period_start date NOT NULL,
    period_end   date NOT NULL,
    total_minor  bigint NOT NULL DEFAULT 0,
    line_count   integer NOT NULL DEFAULT 0,
    currency     char(3) NOT NULL,
    status       text NOT NULL CHECK (status IN ('draft', 'ready', 'sent')),
    sent_at      timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (partner_id, period_start)
);

CREATE TABLE commission_statement_lines (
    id               text PRIMARY KEY,
    statement_id     uuid NOT NULL REFERENCES commission_statements (id),
    accrual_id       uuid NOT NULL REFERENCES commission_accruals (id),
    policy_number    text NOT NULL,
    premium_minor    bigint NOT NULL,
    commission_minor bigint NOT NULL
);

CREATE INDEX commission_statement_lines_statement_idx ON commission_statement_lines (statement_id);
