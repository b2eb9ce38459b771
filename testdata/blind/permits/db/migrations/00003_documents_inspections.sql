-- +goose Up
CREATE TABLE documents (
    id              uuid PRIMARY KEY,
    application_id  text        NOT NULL REFERENCES applications (id),
    filename        text        NOT NULL,
    content_type    text        NOT NULL,
    size_bytes      bigint      NOT NULL,
    sha256          text        NOT NULL,
    scan_id         text        NOT NULL,
    status          text        NOT NULL DEFAULT 'scanning',
    uploaded_by     uuid        NOT NULL,
    scanned_at      timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT documents_scan_id_key UNIQUE (scan_id)
);

CREATE INDEX documents_application_idx ON documents (application_id);

CREATE TABLE document_findings (
    id           uuid PRIMARY KEY,
    document_id  uuid        NOT NULL REFERENCES documents (id),
    code         text        NOT NULL,
    severity     text        NOT NULL,
    page         integer,
    message      text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX document_findings_document_idx ON document_findings (document_id);

CREATE TABLE docscan_callbacks (
    callback_id  text PRIMARY KEY,
    scan_id      text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE inspections (
    id                  uuid PRIMARY KEY,
    application_id      text        NOT NULL REFERENCES applications (id),
    kind                text        NOT NULL,
    slot_start          timestamptz NOT NULL,
    slot_minutes        integer     NOT NULL DEFAULT 60,
    partner_booking_id  text,
    inspector_name      text,
    status              text        NOT NULL DEFAULT 'pending',
    outcome             text,
    requested_by        uuid        NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX inspections_active_kind_key ON inspections (application_id, kind) WHERE status <> 'cancelled';
CREATE UNIQUE INDEX inspections_partner_booking_key ON inspections (partner_booking_id) WHERE partner_booking_id IS NOT NULL;

CREATE TABLE inspection_results (
    id             uuid PRIMARY KEY,
    inspection_id  uuid        NOT NULL REFERENCES inspections (id),
    outcome        text        NOT NULL CHECK (outcome IN ('passed', 'failed', 'partial')),
    notes          text        NOT NULL DEFAULT '',
    deficiencies   jsonb       NOT NULL DEFAULT '[]'::jsonb,
    recorded_by    uuid        NOT NULL,
    recorded_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX inspection_results_inspection_idx ON inspection_results (inspection_id, recorded_at);

CREATE TABLE inspection_partner_events (
    event_id       text PRIMARY KEY,
    inspection_id  uuid        NOT NULL REFERENCES inspections (id),
    event_type     text        NOT NULL,
    received_at    timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE inspection_partner_events;
DROP TABLE inspection_results;
DROP TABLE inspections;
DROP TABLE docscan_callbacks;
DROP TABLE document_findings;
DROP TABLE documents;
