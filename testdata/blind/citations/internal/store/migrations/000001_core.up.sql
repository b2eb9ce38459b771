-- Violations as received from camera vendors, and the citations issued for them.

CREATE TABLE violations (
    id              TEXT PRIMARY KEY,
    vendor          TEXT        NOT NULL,
    vendor_event_id TEXT        NOT NULL,
    camera_id       TEXT        NOT NULL,
    location_code   TEXT        NOT NULL,
    violation_code  TEXT        NOT NULL,
    plate           TEXT        NOT NULL,
    plate_state     CHAR(2)     NOT NULL,
    captured_at     TIMESTAMPTZ NOT NULL,
    recorded_speed  INTEGER,
    posted_speed    INTEGER,
    status          TEXT        NOT NULL DEFAULT 'accepted',
    source          TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX violations_vendor_event_uq ON violations (vendor, vendor_event_id);
CREATE INDEX violations_plate_idx ON violations (plate_state, plate);

CREATE TABLE citations (
    id              TEXT PRIMARY KEY,
    citation_number TEXT        NOT NULL,
    violation_id    TEXT        NOT NULL REFERENCES violations (id),
    plate           TEXT        NOT NULL,
    plate_state     CHAR(2)     NOT NULL,
    violation_code  TEXT        NOT NULL,
    issued_at       TIMESTAMPTZ NOT NULL,
    due_date        DATE        NOT NULL,
    fine_cents      BIGINT      NOT NULL,
    balance_cents   BIGINT      NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'open',
    stage           TEXT        NOT NULL DEFAULT 'issued',
    stage_rank      INTEGER     NOT NULL DEFAULT 0,
    disputed        BOOLEAN     NOT NULL DEFAULT false,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX citations_number_uq ON citations (citation_number);
CREATE UNIQUE INDEX citations_violation_uq ON citations (violation_id);
CREATE INDEX citations_plate_idx ON citations (plate_state, plate);
CREATE INDEX citations_status_idx ON citations (status);

CREATE TABLE citation_events (
    id          TEXT PRIMARY KEY,
    citation_id TEXT        NOT NULL REFERENCES citations (id),
    kind        TEXT        NOT NULL,
    detail      TEXT        NOT NULL DEFAULT '',
    actor       TEXT        NOT NULL DEFAULT 'system',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX citation_events_citation_idx ON citation_events (citation_id, created_at);

CREATE TABLE vendor_voids (
    id              BIGSERIAL PRIMARY KEY,
    vendor          TEXT        NOT NULL,
    vendor_event_id TEXT        NOT NULL,
    violation_id    TEXT        NOT NULL REFERENCES violations (id),
    reason          TEXT        NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX vendor_voids_event_uq ON vendor_voids (vendor, vendor_event_id);

CREATE TABLE plate_corrections (
    id              BIGSERIAL PRIMARY KEY,
    violation_id    TEXT        NOT NULL REFERENCES violations (id),
    old_plate       TEXT        NOT NULL,
    old_plate_state CHAR(2)     NOT NULL,
    new_plate       TEXT        NOT NULL,
    new_plate_state CHAR(2)     NOT NULL,
    corrected_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE evidence_packages (
    id                TEXT PRIMARY KEY,
    violation_id      TEXT        NOT NULL REFERENCES violations (id),
    vendor_package_id TEXT        NOT NULL,
    media_count       INTEGER     NOT NULL DEFAULT 0,
    requested_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX evidence_packages_vendor_uq ON evidence_packages (vendor_package_id);

CREATE TABLE import_runs (
    id           BIGSERIAL PRIMARY KEY,
    vendor       TEXT        NOT NULL,
    batch_date   DATE        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'running',
    record_count INTEGER     NOT NULL DEFAULT 0,
    accepted     INTEGER     NOT NULL DEFAULT 0,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at  TIMESTAMPTZ
);

CREATE UNIQUE INDEX import_runs_vendor_date_uq ON import_runs (vendor, batch_date);
