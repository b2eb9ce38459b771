CREATE TABLE donations (
    id              TEXT PRIMARY KEY,
    donor_email     TEXT NOT NULL,
    donor_name      TEXT NOT NULL,
    amount_minor    BIGINT NOT NULL CHECK (amount_minor > 0),
    currency        CHAR(3) NOT NULL,
    fund            TEXT NOT NULL DEFAULT 'general',
    gift_aid        BOOLEAN NOT NULL DEFAULT false,
    address_line1   TEXT,
    address_postcode TEXT,
    status          TEXT NOT NULL,
    received_at     TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE SEQUENCE tax_receipt_number_seq START 100000;

CREATE TABLE tax_receipts (
    id              TEXT PRIMARY KEY,
    donation_id     TEXT NOT NULL REFERENCES donations(id),
    receipt_number  BIGINT NOT NULL UNIQUE,
    tax_year        INTEGER NOT NULL,
    amount_minor    BIGINT NOT NULL,
    currency        CHAR(3) NOT NULL,
    issued_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX tax_receipts_donation_idx ON tax_receipts (donation_id);

CREATE TABLE group_bookings (
    id              UUID PRIMARY KEY,
    organisation    TEXT NOT NULL,
    kind            TEXT NOT NULL,
    contact_name    TEXT NOT NULL,
    contact_email   TEXT NOT NULL,
    contact_phone   TEXT NOT NULL,
    slot_id         BIGINT NOT NULL REFERENCES time_slots(id),
    pupils          INTEGER NOT NULL DEFAULT 0,
    adults          INTEGER NOT NULL DEFAULT 0,
    workshop        TEXT,
    status          TEXT NOT NULL,
    notes           TEXT,
    confirmed_at    TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
