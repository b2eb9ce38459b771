-- +goose Up
CREATE TABLE donation_sessions (
    id               text PRIMARY KEY,
    appointment_id   text NOT NULL REFERENCES appointments (id),
    donor_id         text NOT NULL REFERENCES donors (id),
    centre_id        text NOT NULL REFERENCES centres (id),
    machine_serial   text NOT NULL,
    phlebotomist_id  text NOT NULL,
    status           text NOT NULL DEFAULT 'in_progress'
                     CHECK (status IN ('in_progress', 'completed', 'aborted')),
    pre_weight_kg    numeric(5,1) NOT NULL,
    pre_hematocrit   numeric(4,1) NOT NULL,
    pre_protein_gdl  numeric(3,1) NOT NULL,
    volume_ml        integer,
    anticoagulant_ml integer,
    abort_reason     text,
    started_at       timestamptz NOT NULL,
    ended_at         timestamptz,
    CONSTRAINT donation_sessions_appointment_key UNIQUE (appointment_id)
);

CREATE INDEX donation_sessions_donor_idx ON donation_sessions (donor_id, started_at);

CREATE TABLE adverse_reactions (
    id           text PRIMARY KEY,
    session_id   text NOT NULL REFERENCES donation_sessions (id),
    donor_id     text NOT NULL REFERENCES donors (id),
    severity     text NOT NULL CHECK (severity IN ('mild', 'moderate', 'severe')),
    category     text NOT NULL,
    description  text NOT NULL,
    reported_by  text NOT NULL,
    occurred_at  timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX adverse_reactions_session_idx ON adverse_reactions (session_id);

CREATE TABLE plasma_units (
    id             text PRIMARY KEY,
    din            text NOT NULL,
    session_id     text NOT NULL REFERENCES donation_sessions (id),
    donor_id       text NOT NULL REFERENCES donors (id),
    centre_id      text NOT NULL REFERENCES centres (id),
    volume_ml      integer NOT NULL,
    collected_at   timestamptz NOT NULL,
    hold_until     timestamptz NOT NULL,
    status         text NOT NULL DEFAULT 'quarantined'
                   CHECK (status IN ('quarantined', 'released', 'rejected', 'shipped', 'destroyed')),
    status_reason  text,
    CONSTRAINT plasma_units_session_key UNIQUE (session_id),
    CONSTRAINT plasma_units_din_key UNIQUE (din)
);

CREATE INDEX plasma_units_status_hold_idx ON plasma_units (status, hold_until);

-- +goose Down
DROP TABLE plasma_units;
DROP TABLE adverse_reactions;
DROP TABLE donation_sessions;
