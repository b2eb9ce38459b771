-- Inspections, cleaning, metering and task audit.
CREATE TABLE inspection_documents (
    id            UUID PRIMARY KEY,
    kitchen_id    UUID NOT NULL REFERENCES kitchens(id),
    kind          TEXT NOT NULL CHECK (kind IN ('health_permit','inspection_report','fire_certificate','pest_control')),
    s3_key        TEXT NOT NULL,
    file_name     TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size_bytes    BIGINT NOT NULL,
    sha256        CHAR(64) NOT NULL,
    issued_on     DATE,
    expires_on    DATE,
    uploaded_by   UUID NOT NULL,
    uploaded_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX inspection_documents_kitchen_idx ON inspection_documents (kitchen_id, kind, uploaded_at DESC);

CREATE TABLE cleaning_jobs (
    id              UUID PRIMARY KEY,
    kitchen_id      UUID NOT NULL REFERENCES kitchens(id),
    booking_id      UUID REFERENCES bookings(id),
    partner_job_id  TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL CHECK (kind IN ('turnover','deep_clean')),
    status          TEXT NOT NULL CHECK (status IN ('dispatched','cancelled','done')),
    scheduled_for   TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One live turnover clean per booking.
CREATE UNIQUE INDEX cleaning_jobs_turnover_uq ON cleaning_jobs (booking_id)
    WHERE kind = 'turnover' AND status <> 'cancelled';

CREATE TABLE usage_records (
    id           UUID PRIMARY KEY,
    booking_id   UUID NOT NULL REFERENCES bookings(id),
    meter_id     TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('electricity','gas','water')),
    quantity     NUMERIC(12,4) NOT NULL CHECK (quantity >= 0),
    unit         TEXT NOT NULL,
    recorded_at  TIMESTAMPTZ NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX usage_records_booking_idx ON usage_records (booking_id, kind);

CREATE TABLE usage_invoices (
    id                  UUID PRIMARY KEY,
    booking_id          UUID NOT NULL UNIQUE REFERENCES bookings(id),
    amount_cents        BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending','charged','waived')),
    provider_charge_id  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer      TEXT NOT NULL,
    message_id    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE task_attempts (
    id           UUID PRIMARY KEY,
    task_type    TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    retry        INT NOT NULL,
    error        TEXT,
    duration_ms  BIGINT NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL
);

CREATE INDEX task_attempts_task_idx ON task_attempts (task_id, started_at);
