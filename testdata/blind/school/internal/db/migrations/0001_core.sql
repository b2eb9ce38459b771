-- Core catalogue, students and enrolments.

CREATE TABLE students (
    id                 TEXT PRIMARY KEY,
    full_name          TEXT        NOT NULL,
    email              TEXT        NOT NULL UNIQUE,
    phone              TEXT,
    nationality        TEXT,
    passport_number    TEXT,
    cefr_level         TEXT,
    stripe_customer_id TEXT,
    default_payment_method TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE student_accounts (
    student_id   TEXT PRIMARY KEY REFERENCES students (id),
    credit_cents BIGINT      NOT NULL DEFAULT 0,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE courses (
    id           TEXT PRIMARY KEY,
    title        TEXT    NOT NULL,
    language     TEXT    NOT NULL,
    cefr_level   TEXT    NOT NULL,
    campus       TEXT    NOT NULL,
    starts_on    DATE    NOT NULL,
    ends_on      DATE    NOT NULL,
    weekly_hours INT     NOT NULL,
    price_cents  BIGINT  NOT NULL,
    currency     TEXT    NOT NULL DEFAULT 'eur',
    capacity     INT     NOT NULL,
    active       BOOLEAN NOT NULL DEFAULT true
);

-- Caller-supplied Idempotency-Key values for API writes.
CREATE TABLE idempotency_keys (
    scope        TEXT        NOT NULL,
    key          TEXT        NOT NULL,
    request_hash TEXT        NOT NULL,
    resource_id  TEXT,
    status_code  INT,
    response     JSONB,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE enrolments (
    id              TEXT PRIMARY KEY,
    student_id      TEXT        NOT NULL REFERENCES students (id),
    course_id       TEXT        NOT NULL REFERENCES courses (id),
    status          TEXT        NOT NULL DEFAULT 'active',
    plan            TEXT        NOT NULL,
    total_cents     BIGINT      NOT NULL,
    currency        TEXT        NOT NULL,
    transferred_to  TEXT REFERENCES enrolments (id),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX enrolments_student_course_live
    ON enrolments (student_id, course_id)
    WHERE status IN ('active', 'transferring');

CREATE TABLE instalments (
    id                TEXT PRIMARY KEY,
    enrolment_id      TEXT        NOT NULL REFERENCES enrolments (id),
    seq               INT         NOT NULL,
    due_on            DATE        NOT NULL,
    amount_cents      BIGINT      NOT NULL,
    currency          TEXT        NOT NULL,
    status            TEXT        NOT NULL DEFAULT 'scheduled',
    paid_at           TIMESTAMPTZ,
    payment_intent_id TEXT,
    last_reminded_at  TIMESTAMPTZ,
    UNIQUE (enrolment_id, seq)
);

CREATE INDEX instalments_due ON instalments (due_on) WHERE status IN ('scheduled', 'overdue');

CREATE TABLE payment_attempts (
    id                TEXT PRIMARY KEY,
    instalment_id     TEXT        NOT NULL REFERENCES instalments (id),
    source            TEXT        NOT NULL,
    status            TEXT        NOT NULL DEFAULT 'pending',
    amount_cents      BIGINT      NOT NULL,
    payment_intent_id TEXT,
    failure_code      TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- At most one open or successful attempt per instalment.
CREATE UNIQUE INDEX payment_attempts_live
    ON payment_attempts (instalment_id)
    WHERE status IN ('pending', 'succeeded');

CREATE TABLE stripe_events (
    event_id    TEXT PRIMARY KEY,
    type        TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
