-- +goose Up
-- +goose StatementBegin
CREATE TABLE bond_applications (
    id                 uuid PRIMARY KEY,
    defendant_name     text        NOT NULL,
    defendant_dob      date        NOT NULL,
    defendant_phone    text        NOT NULL,
    defendant_email    text        NOT NULL DEFAULT '',
    booking_number     text        NOT NULL,
    county             text        NOT NULL,
    charge_summary     text        NOT NULL DEFAULT '',
    bail_amount_cents  bigint      NOT NULL CHECK (bail_amount_cents > 0),
    premium_cents      bigint      NOT NULL,
    status             text        NOT NULL DEFAULT 'submitted',
    submitted_at       timestamptz NOT NULL,
    approved_at        timestamptz,
    approved_by        text
);
CREATE INDEX bond_applications_booking_idx ON bond_applications (county, booking_number);

CREATE TABLE indemnitors (
    id                    uuid PRIMARY KEY,
    application_id        uuid        NOT NULL REFERENCES bond_applications (id),
    full_name             text        NOT NULL,
    phone                 text        NOT NULL,
    email                 text        NOT NULL DEFAULT '',
    relationship          text        NOT NULL DEFAULT '',
    status                text        NOT NULL DEFAULT 'active',
    checkin_interval_days int         NOT NULL DEFAULT 7,
    last_checkin_at       timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX indemnitors_application_idx ON indemnitors (application_id);

CREATE TABLE bonds (
    id                uuid PRIMARY KEY,
    application_id    uuid        NOT NULL UNIQUE REFERENCES bond_applications (id),
    power_number      text        UNIQUE,
    county            text        NOT NULL,
    case_number       text        NOT NULL DEFAULT '',
    bail_amount_cents bigint      NOT NULL,
    premium_cents     bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'active',
    written_on        date        NOT NULL,
    closed_at         timestamptz,
    close_reason      text,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bonds_case_idx ON bonds (county, case_number);
CREATE INDEX bonds_written_on_idx ON bonds (written_on);

CREATE TABLE premium_invoices (
    id             bigserial PRIMARY KEY,
    application_id uuid        NOT NULL REFERENCES bond_applications (id),
    amount_cents   bigint      NOT NULL,
    due_on         date        NOT NULL,
    status         text        NOT NULL DEFAULT 'open',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id             bigserial PRIMARY KEY,
    bond_id        uuid,
    application_id uuid,
    kind           text        NOT NULL,
    amount_cents   bigint      NOT NULL,
    reference      text        NOT NULL DEFAULT '',
    business_date  date        NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_date_idx ON ledger_entries (business_date, kind);
-- +goose StatementEnd

-- +goose Down
DROP TABLE ledger_entries;
DROP TABLE premium_invoices;
DROP TABLE bonds;
DROP TABLE indemnitors;
DROP TABLE bond_applications;
