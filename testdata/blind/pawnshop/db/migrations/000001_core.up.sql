CREATE TABLE branches (
    id              text PRIMARY KEY,
    name            text NOT NULL,
    store_license   text NOT NULL UNIQUE,
    timezone        text NOT NULL DEFAULT 'America/Chicago',
    phone           text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customers (
    id                  uuid PRIMARY KEY,
    branch_id           text NOT NULL REFERENCES branches (id),
    first_name          text NOT NULL,
    last_name           text NOT NULL,
    date_of_birth       date NOT NULL,
    phone               text,
    email               text,
    id_doc_type         text NOT NULL CHECK (id_doc_type IN ('drivers_license', 'state_id', 'passport', 'military_id')),
    id_doc_number       text NOT NULL,
    id_doc_state        text,
    stripe_customer_id  text UNIQUE,
    created_at          timestamptz NOT NULL DEFAULT now()
);

-- Lookups at the counter go by ID document or phone. Neither is unique: the
-- same person may present a renewed licence or share a household phone.
CREATE INDEX customers_id_doc_idx ON customers (id_doc_type, id_doc_number);
CREATE INDEX customers_phone_idx ON customers (phone) WHERE phone IS NOT NULL;

CREATE TABLE customer_consents (
    customer_id uuid NOT NULL REFERENCES customers (id),
    channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
    granted     boolean NOT NULL,
    source      text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_id, channel)
);

CREATE SEQUENCE pawn_ticket_seq START 100000;

CREATE TABLE loans (
    id                      uuid PRIMARY KEY,
    ticket_no               text NOT NULL UNIQUE,
    branch_id               text NOT NULL REFERENCES branches (id),
    customer_id             uuid NOT NULL REFERENCES customers (id),
    principal_cents         bigint NOT NULL CHECK (principal_cents > 0),
    monthly_rate_bps        integer NOT NULL CHECK (monthly_rate_bps BETWEEN 0 AND 2500),
    accrued_interest_cents  bigint NOT NULL DEFAULT 0 CHECK (accrued_interest_cents >= 0),
    term_days               integer NOT NULL CHECK (term_days > 0),
    grace_days              integer NOT NULL DEFAULT 30 CHECK (grace_days >= 0),
    issued_at               timestamptz NOT NULL,
    due_date                date NOT NULL,
    status                  text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'redeemed', 'forfeited')),
    police_report_ref       text,
    police_reported_at      timestamptz,
    forfeit_notice_sent_at  timestamptz,
    redeemed_at             timestamptz,
    forfeited_at            timestamptz,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX loans_customer_idx ON loans (customer_id);
CREATE INDEX loans_active_due_idx ON loans (due_date) WHERE status = 'active';

CREATE TABLE items (
    id              uuid PRIMARY KEY,
    loan_id         uuid NOT NULL REFERENCES loans (id),
    category        text NOT NULL,
    description     text NOT NULL,
    brand           text,
    model           text,
    serial_number   text,
    appraised_cents bigint NOT NULL CHECK (appraised_cents >= 0),
    status          text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'forfeited', 'listed', 'sold')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX items_loan_idx ON items (loan_id);
CREATE INDEX items_serial_idx ON items (serial_number) WHERE serial_number IS NOT NULL;

CREATE TABLE interest_accruals (
    id              uuid PRIMARY KEY,
    loan_id         uuid NOT NULL REFERENCES loans (id),
    accrual_date    date NOT NULL,
    amount_cents    bigint NOT NULL CHECK (amount_cents >= 0),
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX interest_accruals_loan_date_idx ON interest_accruals (loan_id, accrual_date);

CREATE TABLE accrual_runs (
    business_date   date PRIMARY KEY,
    started_at      timestamptz NOT NULL,
    finished_at     timestamptz,
    loans_accrued   integer NOT NULL DEFAULT 0,
    loans_failed    integer NOT NULL DEFAULT 0
);

CREATE TABLE forfeitures (
    loan_id         uuid PRIMARY KEY REFERENCES loans (id),
    reason          text NOT NULL CHECK (reason IN ('grace_expired', 'manual')),
    payoff_cents    bigint NOT NULL,
    forfeited_at    timestamptz NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope           text NOT NULL,
    key             text NOT NULL,
    status_code     integer,
    response_body   bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    completed_at    timestamptz,
    PRIMARY KEY (scope, key)
);

CREATE TABLE webhook_events (
    provider        text NOT NULL,
    event_id        text NOT NULL,
    event_type      text NOT NULL,
    processed_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
