-- +goose Up
-- +goose StatementBegin
CREATE TABLE clinics (
    id             TEXT PRIMARY KEY,
    name           TEXT        NOT NULL,
    webhook_secret TEXT        NOT NULL,
    callback_url   TEXT,
    active         BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE patients (
    id                 UUID PRIMARY KEY,
    clinic_id          TEXT        NOT NULL REFERENCES clinics (id),
    mrn                TEXT        NOT NULL,
    first_name         TEXT        NOT NULL,
    last_name          TEXT        NOT NULL,
    date_of_birth      DATE        NOT NULL,
    phone_e164         TEXT        NOT NULL,
    email              TEXT,
    address_line1      TEXT,
    address_city       TEXT,
    address_postal     TEXT,
    sms_opt_in         BOOLEAN     NOT NULL DEFAULT TRUE,
    autopay            BOOLEAN     NOT NULL DEFAULT FALSE,
    stripe_customer_id TEXT,
    default_payment_method TEXT,
    pbm_member_id      TEXT,
    pbm_bin            TEXT,
    pbm_pcn            TEXT,
    pbm_group          TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT patients_clinic_mrn_key UNIQUE (clinic_id, mrn)
);

CREATE TABLE prescriptions (
    id                 UUID PRIMARY KEY,
    clinic_id          TEXT        NOT NULL REFERENCES clinics (id),
    external_rx_id     TEXT        NOT NULL,
    patient_id         UUID        NOT NULL REFERENCES patients (id),
    prescriber_npi     TEXT        NOT NULL,
    ndc                TEXT        NOT NULL,
    drug_name          TEXT        NOT NULL,
    sig                TEXT        NOT NULL,
    quantity           INTEGER     NOT NULL CHECK (quantity > 0),
    days_supply        INTEGER     NOT NULL CHECK (days_supply > 0),
    refills_authorized INTEGER     NOT NULL DEFAULT 0,
    refills_remaining  INTEGER     NOT NULL DEFAULT 0,
    status             TEXT        NOT NULL DEFAULT 'received',
    written_at         DATE        NOT NULL,
    next_fill_due      DATE,
    cancel_reason      TEXT,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    cancelled_at       TIMESTAMPTZ,
    CONSTRAINT prescriptions_clinic_external_key UNIQUE (clinic_id, external_rx_id)
);

CREATE INDEX prescriptions_patient_idx ON prescriptions (patient_id);
CREATE INDEX prescriptions_next_fill_due_idx ON prescriptions (next_fill_due) WHERE status = 'active';

CREATE TABLE refill_requests (
    id              TEXT PRIMARY KEY,
    prescription_id UUID        NOT NULL REFERENCES prescriptions (id),
    patient_id      UUID        NOT NULL REFERENCES patients (id),
    channel         TEXT        NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'pending',
    note            TEXT,
    order_id        UUID,
    reviewed_by     TEXT,
    requested_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    reviewed_at     TIMESTAMPTZ
);

CREATE INDEX refill_requests_prescription_idx ON refill_requests (prescription_id);

CREATE TABLE orders (
    id                UUID PRIMARY KEY,
    prescription_id   UUID        NOT NULL REFERENCES prescriptions (id),
    patient_id        UUID        NOT NULL REFERENCES patients (id),
    refill_request_id TEXT REFERENCES refill_requests (id),
    fill_number       INTEGER     NOT NULL,
    ndc               TEXT        NOT NULL,
    quantity          INTEGER     NOT NULL,
    status            TEXT        NOT NULL DEFAULT 'pending_adjudication',
    fulfilment        TEXT        NOT NULL DEFAULT 'delivery',
    price_cents       BIGINT      NOT NULL DEFAULT 0,
    copay_cents       BIGINT      NOT NULL DEFAULT 0,
    currency          TEXT        NOT NULL DEFAULT 'usd',
    pickup_code       TEXT,
    cancel_reason     TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT orders_prescription_fill_key UNIQUE (prescription_id, fill_number)
);

CREATE INDEX orders_status_idx ON orders (status, created_at);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE orders;
DROP TABLE refill_requests;
DROP TABLE prescriptions;
DROP TABLE patients;
DROP TABLE clinics;
-- +goose StatementEnd
