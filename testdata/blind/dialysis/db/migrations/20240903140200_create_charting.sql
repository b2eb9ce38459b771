-- migrate:up
-- Vitals ids are minted on the charting tablet so that a reading captured
-- offline can be synced later without duplicating it.
CREATE TABLE vitals (
    id                   uuid PRIMARY KEY,
    session_id           uuid NOT NULL REFERENCES treatment_sessions (id),
    phase                text NOT NULL CHECK (phase IN ('pre', 'intra', 'post')),
    systolic             integer NOT NULL,
    diastolic            integer NOT NULL,
    pulse                integer NOT NULL,
    temp_decicelsius     integer,
    blood_flow_rate      integer,
    dialysate_flow_rate  integer,
    venous_pressure      integer,
    recorded_by          text NOT NULL,
    recorded_at          timestamptz NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX vitals_session_idx ON vitals (session_id, recorded_at);

CREATE TABLE medication_administrations (
    id               uuid PRIMARY KEY,
    session_id       uuid NOT NULL REFERENCES treatment_sessions (id),
    medication_code  text NOT NULL,
    medication_name  text NOT NULL,
    dose             text NOT NULL,
    dose_unit        text NOT NULL,
    route            text NOT NULL CHECK (route IN ('IV', 'SC', 'PO', 'IM')),
    lot_number       text,
    administered_by  text NOT NULL,
    administered_at  timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX medication_administrations_session_idx ON medication_administrations (session_id);

CREATE TABLE supply_usage (
    session_id  uuid NOT NULL REFERENCES treatment_sessions (id),
    sku         text NOT NULL,
    quantity    integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (session_id, sku)
);

-- migrate:down
DROP TABLE supply_usage;
DROP TABLE medication_administrations;
DROP TABLE vitals;
