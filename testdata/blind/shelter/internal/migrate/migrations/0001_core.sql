-- Core shelter records: animals, adoption applications and fee payments.

CREATE TABLE animals (
    id                 TEXT PRIMARY KEY,
    name               TEXT        NOT NULL,
    species            TEXT        NOT NULL,
    breed              TEXT        NOT NULL DEFAULT '',
    status             TEXT        NOT NULL DEFAULT 'intake',
    microchip_number   TEXT,
    chip_status        TEXT        NOT NULL DEFAULT 'none',
    source_partner_id  TEXT,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);

CREATE UNIQUE INDEX animals_microchip_number_key ON animals (microchip_number) WHERE microchip_number IS NOT NULL;

CREATE TABLE applications (
    id             TEXT PRIMARY KEY,
    animal_id      TEXT        NOT NULL REFERENCES animals (id),
    adopter_name   TEXT        NOT NULL,
    adopter_email  TEXT        NOT NULL,
    adopter_phone  TEXT        NOT NULL DEFAULT '',
    household_note TEXT        NOT NULL DEFAULT '',
    status         TEXT        NOT NULL DEFAULT 'submitted',
    fee_cents      BIGINT      NOT NULL DEFAULT 0,
    submitted_at   TIMESTAMPTZ NOT NULL,
    reviewed_by    TEXT,
    approved_at    TIMESTAMPTZ,
    fee_paid_at    TIMESTAMPTZ,
    finalized_at   TIMESTAMPTZ
);

CREATE INDEX applications_animal_idx ON applications (animal_id, status);

CREATE TABLE fee_payments (
    id              TEXT PRIMARY KEY,
    application_id  TEXT        NOT NULL UNIQUE REFERENCES applications (id),
    provider_charge TEXT        NOT NULL,
    amount_cents    BIGINT      NOT NULL,
    currency        TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);

-- One row per charge attempt, successful or not. Support uses it to answer
-- "why was my card declined twice".
CREATE TABLE payment_attempts (
    id             TEXT PRIMARY KEY,
    application_id TEXT        NOT NULL,
    attempted_at   TIMESTAMPTZ NOT NULL,
    outcome        TEXT        NOT NULL,
    detail         TEXT        NOT NULL DEFAULT ''
);

CREATE TABLE adoptions (
    id             TEXT PRIMARY KEY,
    application_id TEXT        NOT NULL UNIQUE REFERENCES applications (id),
    animal_id      TEXT        NOT NULL REFERENCES animals (id),
    adopter_name   TEXT        NOT NULL,
    adopter_email  TEXT        NOT NULL,
    finalized_at   TIMESTAMPTZ NOT NULL
);

CREATE TABLE microchip_registrations (
    id           TEXT PRIMARY KEY,
    animal_id    TEXT        NOT NULL REFERENCES animals (id),
    chip_number  TEXT        NOT NULL,
    registry_ref TEXT        NOT NULL,
    kind         TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);

CREATE TABLE outbound_transfers (
    id          TEXT PRIMARY KEY,
    animal_id   TEXT        NOT NULL REFERENCES animals (id),
    partner_id  TEXT        NOT NULL,
    partner_ref TEXT        NOT NULL,
    reason      TEXT        NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL
);
