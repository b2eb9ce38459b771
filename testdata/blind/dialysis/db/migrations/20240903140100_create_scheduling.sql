-- migrate:up
CREATE TABLE chairs (
    id            uuid PRIMARY KEY,
    clinic_id     uuid NOT NULL REFERENCES clinics (id),
    label         text NOT NULL,
    station_type  text NOT NULL DEFAULT 'standard' CHECK (station_type IN ('standard', 'isolation', 'home_training')),
    active        boolean NOT NULL DEFAULT true,
    CONSTRAINT chairs_clinic_label_key UNIQUE (clinic_id, label)
);

CREATE TABLE schedules (
    id          uuid PRIMARY KEY,
    clinic_id   uuid NOT NULL REFERENCES clinics (id),
    patient_id  uuid NOT NULL REFERENCES patients (id),
    request_id  text NOT NULL,
    pattern     text NOT NULL CHECK (pattern IN ('MWF', 'TTS')),
    shift       smallint NOT NULL CHECK (shift BETWEEN 1 AND 4),
    chair_id    uuid NOT NULL REFERENCES chairs (id),
    starts_on   date NOT NULL,
    ends_on     date,
    status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    created_by  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT schedules_clinic_request_key UNIQUE (clinic_id, request_id)
);

CREATE INDEX schedules_patient_idx ON schedules (patient_id) WHERE status = 'active';

-- A chair slot is one chair on one pattern and shift; a recurring schedule
-- holds it for as long as the schedule is active.
CREATE TABLE chair_slots (
    chair_id     uuid NOT NULL REFERENCES chairs (id),
    pattern      text NOT NULL,
    shift        smallint NOT NULL,
    schedule_id  uuid NOT NULL REFERENCES schedules (id),
    reserved_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (chair_id, pattern, shift)
);

CREATE TABLE treatment_sessions (
    id               uuid PRIMARY KEY,
    schedule_id      uuid REFERENCES schedules (id),
    clinic_id        uuid NOT NULL REFERENCES clinics (id),
    patient_id       uuid NOT NULL REFERENCES patients (id),
    chair_id         uuid NOT NULL REFERENCES chairs (id),
    session_date     date NOT NULL,
    shift            smallint NOT NULL,
    status           text NOT NULL DEFAULT 'scheduled'
                     CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled', 'missed')),
    pre_weight_g     integer,
    post_weight_g    integer,
    started_by       text,
    started_at       timestamptz,
    completed_by     text,
    completed_at     timestamptz,
    cancel_reason    text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT treatment_sessions_schedule_date_key UNIQUE (schedule_id, session_date)
);

CREATE INDEX treatment_sessions_clinic_date_idx ON treatment_sessions (clinic_id, session_date);

-- migrate:down
DROP TABLE treatment_sessions;
DROP TABLE chair_slots;
DROP TABLE schedules;
DROP TABLE chairs;
