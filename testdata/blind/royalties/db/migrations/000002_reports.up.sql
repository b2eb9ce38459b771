CREATE TABLE play_reports (
    id                  TEXT PRIMARY KEY,
    distributor_id      TEXT NOT NULL REFERENCES distributors (id),
    external_report_id  TEXT NOT NULL,
    period              TEXT NOT NULL,
    expected_lines      INTEGER NOT NULL,
    expected_plays      BIGINT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'receiving',
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT play_reports_distributor_external_key UNIQUE (distributor_id, external_report_id)
);

CREATE TABLE play_lines (
    report_id      TEXT NOT NULL REFERENCES play_reports (id),
    line_no        INTEGER NOT NULL,
    isrc           TEXT NOT NULL,
    territory      TEXT NOT NULL,
    plays          BIGINT NOT NULL,
    revenue_micros BIGINT NOT NULL,
    PRIMARY KEY (report_id, line_no)
);

CREATE INDEX play_lines_isrc_idx ON play_lines (isrc);

CREATE TABLE play_corrections_applied (
    correction_id TEXT PRIMARY KEY,
    report_id     TEXT NOT NULL,
    applied_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE report_reconciliations (
    report_id       TEXT PRIMARY KEY REFERENCES play_reports (id),
    expected_plays  BIGINT NOT NULL,
    actual_plays    BIGINT NOT NULL,
    expected_lines  INTEGER NOT NULL,
    actual_lines    INTEGER NOT NULL,
    outcome         TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE advances (
    id              UUID PRIMARY KEY,
    artist_id       TEXT NOT NULL REFERENCES artists (id),
    deal_id         TEXT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    recouped_cents  BIGINT NOT NULL DEFAULT 0,
    currency        TEXT NOT NULL,
    effective_at    TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX advances_artist_idx ON advances (artist_id);
