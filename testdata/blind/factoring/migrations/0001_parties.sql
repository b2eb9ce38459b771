-- Suppliers, debtors and the invoices they trade.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE suppliers (
    id                   uuid PRIMARY KEY,
    registration_number  text        NOT NULL,
    country              char(2)     NOT NULL,
    legal_name           text        NOT NULL,
    contact_email        text        NOT NULL,
    payout_iban          text        NOT NULL,
    payout_account_name  text        NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    credit_limit_minor   bigint      NOT NULL DEFAULT 0,
    reserved_minor       bigint      NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT suppliers_registration_uq UNIQUE (country, registration_number)
);

CREATE TABLE debtors (
    id                   uuid PRIMARY KEY,
    registration_number  text        NOT NULL,
    country              char(2)     NOT NULL,
    legal_name           text        NOT NULL,
    billing_email        text        NOT NULL DEFAULT '',
    address_line1        text        NOT NULL DEFAULT '',
    address_line2        text        NOT NULL DEFAULT '',
    city                 text        NOT NULL DEFAULT '',
    postcode             text        NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT debtors_registration_uq UNIQUE (country, registration_number)
);

CREATE TABLE invoices (
    id                   uuid PRIMARY KEY,
    supplier_id          uuid        NOT NULL REFERENCES suppliers (id),
    debtor_id            uuid        NOT NULL REFERENCES debtors (id),
    invoice_number       text        NOT NULL,
    currency             char(3)     NOT NULL,
    face_value_minor     bigint      NOT NULL,
    paid_minor           bigint      NOT NULL DEFAULT 0,
    issue_date           date        NOT NULL,
    due_date             date        NOT NULL,
    status               text        NOT NULL DEFAULT 'uploaded',
    document_url         text        NOT NULL DEFAULT '',
    confirm_token        text        NOT NULL,
    debtor_confirmed_at  timestamptz,
    settled_at           timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_supplier_number_uq UNIQUE (supplier_id, invoice_number),
    CONSTRAINT invoices_confirm_token_uq UNIQUE (confirm_token)
);

CREATE INDEX invoices_status_due_idx ON invoices (status, due_date);

CREATE TABLE disputes (
    id           uuid PRIMARY KEY,
    invoice_id   uuid        NOT NULL REFERENCES invoices (id),
    raised_by    text        NOT NULL,
    reason_code  text        NOT NULL,
    details      text        NOT NULL DEFAULT '',
    status       text        NOT NULL DEFAULT 'open',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX disputes_invoice_idx ON disputes (invoice_id);

CREATE TABLE credit_checks (
    id            uuid PRIMARY KEY,
    subject_type  text        NOT NULL,
    subject_id    uuid        NOT NULL,
    trigger_ref   text        NOT NULL,
    status        text        NOT NULL DEFAULT 'pending',
    score         integer,
    limit_minor   bigint,
    bureau_ref    text        NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    CONSTRAINT credit_checks_trigger_uq UNIQUE (subject_type, subject_id, trigger_ref)
);
