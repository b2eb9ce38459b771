CREATE TABLE rooms (
    id       TEXT PRIMARY KEY,
    campus   TEXT NOT NULL,
    name     TEXT NOT NULL,
    capacity INT  NOT NULL
);

CREATE TABLE room_bookings (
    id         TEXT PRIMARY KEY,
    room_id    TEXT        NOT NULL REFERENCES rooms (id),
    starts_at  TIMESTAMPTZ NOT NULL,
    ends_at    TIMESTAMPTZ NOT NULL,
    class_id   TEXT        NOT NULL,
    booked_by  TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (room_id, starts_at)
);

CREATE TABLE teachers (
    id                 TEXT PRIMARY KEY,
    full_name          TEXT   NOT NULL,
    email              TEXT   NOT NULL UNIQUE,
    payroll_employee_id TEXT  NOT NULL,
    hourly_rate_cents  BIGINT NOT NULL,
    active             BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE teaching_hours (
    id             TEXT PRIMARY KEY,
    teacher_id     TEXT    NOT NULL REFERENCES teachers (id),
    class_id       TEXT    NOT NULL,
    taught_on      DATE    NOT NULL,
    hours          NUMERIC(5,2) NOT NULL,
    payroll_run_id TEXT,
    UNIQUE (teacher_id, class_id, taught_on)
);

CREATE TABLE payroll_runs (
    id                TEXT PRIMARY KEY,
    period            TEXT        NOT NULL UNIQUE,
    status            TEXT        NOT NULL DEFAULT 'created',
    provider_batch_id TEXT,
    requested_by      TEXT        NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at      TIMESTAMPTZ
);

CREATE TABLE payslips (
    id                 TEXT PRIMARY KEY,
    run_id             TEXT        NOT NULL REFERENCES payroll_runs (id),
    teacher_id         TEXT        NOT NULL REFERENCES teachers (id),
    hours              NUMERIC(7,2) NOT NULL,
    gross_cents        BIGINT      NOT NULL,
    adjustment_cents   BIGINT      NOT NULL DEFAULT 0,
    status             TEXT        NOT NULL DEFAULT 'draft',
    provider_payout_id TEXT UNIQUE,
    emailed_at         TIMESTAMPTZ,
    UNIQUE (run_id, teacher_id)
);

CREATE TABLE payroll_adjustments (
    id                TEXT PRIMARY KEY,
    teacher_id        TEXT        NOT NULL REFERENCES teachers (id),
    amount_cents      BIGINT      NOT NULL,
    reason            TEXT        NOT NULL,
    source_payslip_id TEXT REFERENCES payslips (id),
    applied_run_id    TEXT REFERENCES payroll_runs (id),
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    provider    TEXT        NOT NULL,
    event_id    TEXT        NOT NULL,
    event_type  TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
