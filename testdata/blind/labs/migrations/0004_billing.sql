-- Billing: encounters, charges, claims, invoices and self-pay.

CREATE TABLE billing_encounters (
    id              text PRIMARY KEY,
    order_id        text NOT NULL REFERENCES orders(id),
    patient_id      uuid NOT NULL REFERENCES patients(id),
    payer_id        text,
    billing_mode    text NOT NULL,
    status          text NOT NULL DEFAULT 'open',
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX billing_encounters_order_idx ON billing_encounters (order_id);

CREATE TABLE charge_lines (
    id              uuid PRIMARY KEY,
    order_id        text NOT NULL REFERENCES orders(id),
    result_id       text NOT NULL REFERENCES results(id),
    cpt_code        text NOT NULL,
    amount_cents    bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX charge_lines_order_idx ON charge_lines (order_id);

CREATE TABLE claims (
    id                  text PRIMARY KEY,
    encounter_id        text NOT NULL UNIQUE REFERENCES billing_encounters(id),
    control_number      text NOT NULL UNIQUE,
    payer_id            text NOT NULL,
    total_cents         bigint NOT NULL,
    frequency_code      text NOT NULL DEFAULT '1',
    status              text NOT NULL DEFAULT 'ready',
    clearinghouse_ref   text,
    submitted_at        timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE claim_submissions (
    id                  uuid PRIMARY KEY,
    claim_id            text NOT NULL REFERENCES claims(id),
    frequency_code      text NOT NULL,
    clearinghouse_ref   text NOT NULL,
    submitted_by        text NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
    id              text PRIMARY KEY,
    patient_id      uuid NOT NULL REFERENCES patients(id),
    order_id        text REFERENCES orders(id),
    total_cents     bigint NOT NULL,
    balance_cents   bigint NOT NULL,
    status          text NOT NULL DEFAULT 'open',
    due_at          date NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX invoices_patient_idx ON invoices (patient_id);

CREATE TABLE invoice_adjustments (
    id              uuid PRIMARY KEY,
    invoice_id      text NOT NULL REFERENCES invoices(id),
    reason          text NOT NULL,
    amount_cents    bigint NOT NULL,
    created_by      text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE charge_intents (
    id                  text PRIMARY KEY,
    patient_id          uuid NOT NULL REFERENCES patients(id),
    invoice_id          text REFERENCES invoices(id),
    idempotency_key     text NOT NULL,
    amount_cents        bigint NOT NULL,
    currency            text NOT NULL DEFAULT 'usd',
    status              text NOT NULL DEFAULT 'pending',
    provider_charge_id  text,
    failure_code        text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (patient_id, idempotency_key)
);

CREATE TABLE payments (
    provider_payment_id text PRIMARY KEY,
    invoice_id          text NOT NULL REFERENCES invoices(id),
    amount_cents        bigint NOT NULL,
    method              text NOT NULL,
    received_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deposits (
    id              text PRIMARY KEY,
    order_id        text NOT NULL UNIQUE REFERENCES orders(id),
    patient_id      uuid NOT NULL REFERENCES patients(id),
    amount_cents    bigint NOT NULL,
    status          text NOT NULL DEFAULT 'held',
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE patient_statements (
    id              text PRIMARY KEY,
    patient_id      uuid NOT NULL REFERENCES patients(id),
    statement_date  date NOT NULL,
    balance_cents   bigint NOT NULL,
    invoice_count   integer NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX patient_statements_patient_idx ON patient_statements (patient_id, statement_date);
