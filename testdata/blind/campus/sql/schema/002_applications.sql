CREATE TABLE housing_applications (
    id                TEXT PRIMARY KEY,
    student_id        TEXT NOT NULL REFERENCES students (id),
    term_code         TEXT NOT NULL,
    preferences       JSONB NOT NULL DEFAULT '{}'::jsonb,
    deposit_cents     BIGINT NOT NULL CHECK (deposit_cents >= 0),
    deposit_status    TEXT NOT NULL DEFAULT 'pending'
        CHECK (deposit_status IN ('pending', 'paid', 'failed', 'refunded', 'forfeited')),
    deposit_charge_id TEXT,
    status            TEXT NOT NULL DEFAULT 'submitted'
        CHECK (status IN ('submitted', 'assigned', 'withdrawn', 'expired')),
    submitted_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- one application per student per term; resubmission edits it
    UNIQUE (student_id, term_code)
);

CREATE TABLE room_assignments (
    id                 TEXT PRIMARY KEY,
    application_id     TEXT NOT NULL UNIQUE REFERENCES housing_applications (id),
    student_id         TEXT NOT NULL REFERENCES students (id),
    bed_id             TEXT NOT NULL REFERENCES beds (id),
    term_code          TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'active'
        CHECK (status IN ('active', 'checked_out', 'inspected', 'ended', 'cancelled')),
    deposit_held_cents BIGINT NOT NULL CHECK (deposit_held_cents >= 0),
    move_in_date       DATE NOT NULL,
    term_ends_on       DATE NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A bed can be held by at most one live assignment.
CREATE UNIQUE INDEX room_assignments_live_bed_uniq
    ON room_assignments (bed_id)
    WHERE status IN ('active', 'checked_out', 'inspected');

CREATE INDEX room_assignments_student_idx ON room_assignments (student_id);
