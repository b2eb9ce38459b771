-- Warehouse: receiving, grading and certified data wipes.

CREATE TABLE devices (
    id              UUID PRIMARY KEY,
    trade_in_id     UUID NOT NULL REFERENCES trade_ins (id),
    shipment_id     UUID NOT NULL REFERENCES shipments (id),
    serial_number   TEXT NOT NULL,
    imei            TEXT,
    manufacturer    TEXT NOT NULL,
    model           TEXT NOT NULL,
    storage_gb      INTEGER NOT NULL DEFAULT 0,
    status          TEXT NOT NULL DEFAULT 'received',
    bin_location    TEXT,
    received_by     TEXT NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT devices_shipment_key UNIQUE (shipment_id),
    CONSTRAINT devices_trade_in_key UNIQUE (trade_in_id)
);
CREATE INDEX devices_serial_idx ON devices (serial_number);

-- Work items for the receiving dock.
CREATE TABLE intake_tasks (
    id            UUID PRIMARY KEY,
    shipment_id   UUID NOT NULL REFERENCES shipments (id),
    trade_in_id   UUID NOT NULL REFERENCES trade_ins (id),
    dock          TEXT NOT NULL,
    priority      INTEGER NOT NULL DEFAULT 0,
    status        TEXT NOT NULL DEFAULT 'open',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at     TIMESTAMPTZ
);
CREATE INDEX intake_tasks_open_idx ON intake_tasks (dock, created_at) WHERE status = 'open';

CREATE TABLE gradings (
    id                 UUID PRIMARY KEY,
    device_id          UUID NOT NULL REFERENCES devices (id),
    round              INTEGER NOT NULL DEFAULT 1,
    grade              TEXT NOT NULL,
    cosmetic_notes     TEXT,
    functional_checks  JSONB NOT NULL DEFAULT '{}'::jsonb,
    battery_health     INTEGER,
    activation_locked  BOOLEAN NOT NULL DEFAULT false,
    grader_id          TEXT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT gradings_device_round_key UNIQUE (device_id, round)
);

CREATE TABLE offer_notifications (
    id            UUID PRIMARY KEY,
    trade_in_id   UUID NOT NULL REFERENCES trade_ins (id),
    kind          TEXT NOT NULL,
    channel       TEXT NOT NULL,
    provider_ref  TEXT,
    status        TEXT NOT NULL DEFAULT 'sent',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT offer_notifications_kind_key UNIQUE (trade_in_id, kind)
);

CREATE TABLE wipe_jobs (
    id            UUID PRIMARY KEY,
    device_id     UUID NOT NULL REFERENCES devices (id),
    method        TEXT NOT NULL,
    station       TEXT,
    status        TEXT NOT NULL DEFAULT 'pending',
    result        JSONB,
    requested_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at  TIMESTAMPTZ,
    CONSTRAINT wipe_jobs_device_key UNIQUE (device_id)
);

CREATE TABLE wipe_certificates (
    id                   UUID PRIMARY KEY,
    wipe_job_id          UUID NOT NULL REFERENCES wipe_jobs (id),
    device_id            UUID NOT NULL REFERENCES devices (id),
    status               TEXT NOT NULL DEFAULT 'requested',
    certificate_number   TEXT,
    document_url         TEXT,
    issued_at            TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT wipe_certificates_job_key UNIQUE (wipe_job_id),
    CONSTRAINT wipe_certificates_number_key UNIQUE (certificate_number)
);
