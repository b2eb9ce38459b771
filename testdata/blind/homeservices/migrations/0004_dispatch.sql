-- Dispatching technicians: offers, assignments, escalations, live location.

CREATE TABLE dispatch_offers (
    id             TEXT PRIMARY KEY,
    job_id         TEXT        NOT NULL REFERENCES jobs (id),
    technician_id  TEXT        NOT NULL REFERENCES technicians (id),
    reply_code     TEXT        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'offered',
    sms_message_id TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT dispatch_offers_job_technician_key UNIQUE (job_id, technician_id)
);

CREATE INDEX dispatch_offers_reply_idx ON dispatch_offers (technician_id, reply_code) WHERE status = 'offered';

CREATE TABLE assignments (
    job_id        TEXT PRIMARY KEY REFERENCES jobs (id),
    technician_id TEXT        NOT NULL REFERENCES technicians (id),
    offer_id      TEXT        NOT NULL REFERENCES dispatch_offers (id),
    assigned_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE dispatch_escalations (
    id            TEXT PRIMARY KEY,
    job_id        TEXT        NOT NULL REFERENCES jobs (id),
    technician_id TEXT        NOT NULL REFERENCES technicians (id),
    call_sid      TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT dispatch_escalations_job_technician_key UNIQUE (job_id, technician_id)
);

CREATE TABLE technician_locations (
    technician_id TEXT PRIMARY KEY REFERENCES technicians (id),
    lat           DOUBLE PRECISION NOT NULL,
    lng           DOUBLE PRECISION NOT NULL,
    heading       DOUBLE PRECISION,
    recorded_at   TIMESTAMPTZ NOT NULL
);

CREATE TABLE eta_notices (
    job_id         TEXT PRIMARY KEY REFERENCES jobs (id),
    technician_id  TEXT        NOT NULL,
    eta_minutes    INT         NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'pending',
    sms_message_id TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
