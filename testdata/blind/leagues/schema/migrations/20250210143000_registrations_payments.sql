-- Registrations, request idempotency, payments, refunds and the ledger.

CREATE TABLE registrations (
    id                 uuid        PRIMARY KEY,
    season_id          uuid        NOT NULL REFERENCES seasons (id),
    division_id        uuid        NOT NULL REFERENCES divisions (id),
    child_id           uuid        NOT NULL REFERENCES children (id),
    household_id       uuid        NOT NULL REFERENCES households (id),
    status             text        NOT NULL,
    source             text        NOT NULL DEFAULT 'direct',
    fee_cents          bigint      NOT NULL,
    discount_cents     bigint      NOT NULL DEFAULT 0,
    scholarship_cents  bigint      NOT NULL DEFAULT 0,
    paid_cents         bigint      NOT NULL DEFAULT 0,
    balance_cents      bigint      NOT NULL,
    payment_due_at     timestamptz,
    confirmed_at       timestamptz,
    cancelled_at       timestamptz,
    cancel_reason      text        NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    -- A child holds at most one registration per season.
    CONSTRAINT registrations_season_child_key UNIQUE (season_id, child_id)
);
CREATE INDEX registrations_household_season_idx ON registrations (household_id, season_id);
CREATE INDEX registrations_division_status_idx ON registrations (division_id, status);

CREATE TABLE idempotency_keys (
    scope            text        NOT NULL,
    key              text        NOT NULL,
    resource_id      text        NOT NULL,
    response_status  integer     NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE payment_intents (
    id                 text        PRIMARY KEY,
    registration_id    uuid        NOT NULL REFERENCES registrations (id),
    purpose            text        NOT NULL,
    installment_no     integer     NOT NULL DEFAULT 0,
    amount_cents       bigint      NOT NULL,
    currency           text        NOT NULL,
    status             text        NOT NULL,
    request_reference  text        NOT NULL,
    psp_reference      text,
    last_error         text        NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payment_intents_purpose_key UNIQUE (registration_id, purpose, installment_no)
);
CREATE INDEX payment_intents_psp_idx ON payment_intents (psp_reference);

-- One row per call to the processor, kept for support and dispute handling.
CREATE TABLE payment_attempts (
    id                 text        PRIMARY KEY,
    intent_id          text        NOT NULL REFERENCES payment_intents (id),
    attempt            integer     NOT NULL,
    request_reference  text        NOT NULL,
    result_code        text        NOT NULL DEFAULT '',
    error              text        NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_attempts_intent_idx ON payment_attempts (intent_id);

CREATE TABLE refunds (
    id               text        PRIMARY KEY,
    registration_id  uuid        NOT NULL REFERENCES registrations (id),
    intent_id        text        NOT NULL REFERENCES payment_intents (id),
    amount_cents     bigint      NOT NULL,
    status           text        NOT NULL,
    psp_reference    text,
    reason           text        NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refunds_intent_key UNIQUE (intent_id)
);

CREATE TABLE ledger_entries (
    id               uuid        PRIMARY KEY,
    household_id     uuid        NOT NULL REFERENCES households (id),
    registration_id  uuid        NOT NULL REFERENCES registrations (id),
    entry_type       text        NOT NULL,
    amount_cents     bigint      NOT NULL,
    psp_reference    text,
    description      text        NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_registration_idx ON ledger_entries (registration_id);
CREATE INDEX ledger_entries_psp_idx ON ledger_entries (psp_reference);

CREATE TABLE scholarship_awards (
    id               uuid        PRIMARY KEY,
    registration_id  uuid        NOT NULL REFERENCES registrations (id),
    fund             text        NOT NULL,
    amount_cents     bigint      NOT NULL CHECK (amount_cents > 0),
    approved_by      text        NOT NULL,
    note             text        NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT scholarship_awards_registration_key UNIQUE (registration_id)
);
