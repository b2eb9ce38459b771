-- Pilot duty hours, for the fatigue rules and payroll.

CREATE TABLE duty_shifts (
    shift_id    text PRIMARY KEY,
    pilot_id    text NOT NULL REFERENCES pilots (id),
    job_id      text REFERENCES pilotage_jobs (id),
    started_at  timestamptz NOT NULL,
    ended_at    timestamptz NOT NULL,
    minutes     integer NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ended_at > started_at)
);

CREATE INDEX duty_shifts_pilot_idx ON duty_shifts (pilot_id, started_at);
