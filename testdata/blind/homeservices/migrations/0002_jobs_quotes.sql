-- Jobs posted by customers and the quotes technicians send for them.

CREATE TABLE jobs (
    id                     TEXT PRIMARY KEY,
    customer_id            TEXT        NOT NULL REFERENCES customers (id),
    trade                  TEXT        NOT NULL,
    title                  TEXT        NOT NULL,
    description            TEXT        NOT NULL DEFAULT '',
    address                TEXT        NOT NULL,
    lat                    DOUBLE PRECISION NOT NULL,
    lng                    DOUBLE PRECISION NOT NULL,
    urgent                 BOOLEAN     NOT NULL DEFAULT false,
    preferred_start        TIMESTAMPTZ NOT NULL,
    status                 TEXT        NOT NULL DEFAULT 'open',
    warranty_policy_ref    TEXT,
    accepted_quote_id      TEXT,
    assigned_technician_id TEXT REFERENCES technicians (id),
    completed_at           TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX jobs_customer_idx ON jobs (customer_id, created_at DESC);
CREATE INDEX jobs_status_idx ON jobs (status);

CREATE TABLE quotes (
    id             TEXT PRIMARY KEY,
    job_id         TEXT        NOT NULL REFERENCES jobs (id),
    technician_id  TEXT        NOT NULL REFERENCES technicians (id),
    amount_cents   BIGINT      NOT NULL CHECK (amount_cents > 0),
    deposit_cents  BIGINT      NOT NULL CHECK (deposit_cents >= 0),
    currency       TEXT        NOT NULL DEFAULT 'usd',
    note           TEXT        NOT NULL DEFAULT '',
    status         TEXT        NOT NULL DEFAULT 'pending',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT quotes_job_technician_key UNIQUE (job_id, technician_id)
);

CREATE TABLE appointments (
    job_id           TEXT PRIMARY KEY REFERENCES jobs (id),
    technician_id    TEXT        NOT NULL REFERENCES technicians (id),
    starts_at        TIMESTAMPTZ NOT NULL,
    ends_at          TIMESTAMPTZ NOT NULL,
    reminder_sent_at TIMESTAMPTZ,
    version          INT         NOT NULL DEFAULT 1
);

CREATE TABLE appointment_changes (
    id            TEXT PRIMARY KEY,
    job_id        TEXT        NOT NULL REFERENCES jobs (id),
    old_starts_at TIMESTAMPTZ NOT NULL,
    new_starts_at TIMESTAMPTZ NOT NULL,
    reason        TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE job_messages (
    id               TEXT PRIMARY KEY,
    job_id           TEXT        NOT NULL REFERENCES jobs (id),
    sender           TEXT        NOT NULL,
    body             TEXT        NOT NULL,
    relay_message_id TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE job_status_events (
    event_id      TEXT PRIMARY KEY,
    job_id        TEXT        NOT NULL REFERENCES jobs (id),
    status        TEXT        NOT NULL,
    technician_id TEXT,
    occurred_at   TIMESTAMPTZ NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE reviews (
    job_id     TEXT PRIMARY KEY REFERENCES jobs (id),
    rating     INT         NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment    TEXT        NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
