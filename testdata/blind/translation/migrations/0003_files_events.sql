-- Deliverables, scanning and inbound webhook bookkeeping.

CREATE TABLE deliverables (
    id           text PRIMARY KEY,
    job_id       text NOT NULL REFERENCES jobs(id),
    version      integer NOT NULL,
    file_name    text NOT NULL,
    object_key   text NOT NULL,
    sha256       text NOT NULL,
    size_bytes   bigint NOT NULL,
    content_type text NOT NULL,
    scan_status  text NOT NULL,
    scan_id      text,
    uploaded_by  text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT deliverables_scan_uniq UNIQUE (scan_id)
);
CREATE INDEX deliverables_job_idx ON deliverables (job_id, version);

CREATE TABLE security_incidents (
    id             text PRIMARY KEY,
    deliverable_id text NOT NULL REFERENCES deliverables(id),
    job_id         text NOT NULL REFERENCES jobs(id),
    scan_id        text NOT NULL,
    threat         text NOT NULL,
    severity       text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    provider    text NOT NULL,
    event_id    text NOT NULL,
    type        text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
