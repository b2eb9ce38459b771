-- Daily usage reports from stores and the royalties derived from them.

CREATE TABLE usage_reports (
    id          UUID PRIMARY KEY,
    store_id    TEXT        NOT NULL REFERENCES stores (id),
    report_date DATE        NOT NULL,
    checksum    TEXT        NOT NULL,
    raw_body    BYTEA       NOT NULL,
    status      TEXT        NOT NULL DEFAULT 'received',
    line_count  INT         NOT NULL DEFAULT 0,
    error       TEXT,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    ingested_at TIMESTAMPTZ,
    CONSTRAINT usage_reports_natural_key UNIQUE (store_id, report_date, checksum)
);

CREATE TABLE usage_lines (
    report_id    UUID    NOT NULL REFERENCES usage_reports (id),
    line_no      INT     NOT NULL,
    isrc         TEXT    NOT NULL,
    release_id   UUID    REFERENCES releases (id),
    territory    CHAR(2) NOT NULL,
    period       TEXT    NOT NULL,
    streams      BIGINT  NOT NULL,
    gross_micros BIGINT  NOT NULL,
    currency     CHAR(3) NOT NULL,
    PRIMARY KEY (report_id, line_no)
);
CREATE INDEX usage_lines_release_period ON usage_lines (release_id, period);

CREATE TABLE royalty_earnings (
    id           UUID PRIMARY KEY,
    release_id   UUID        NOT NULL REFERENCES releases (id),
    store_id     TEXT        NOT NULL REFERENCES stores (id),
    period       TEXT        NOT NULL,
    streams      BIGINT      NOT NULL,
    gross_micros BIGINT      NOT NULL,
    fee_micros   BIGINT      NOT NULL,
    net_micros   BIGINT      NOT NULL,
    computed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT royalty_earnings_natural_key UNIQUE (release_id, store_id, period)
);

CREATE TABLE accounting_periods (
    period    TEXT PRIMARY KEY,
    closed_by TEXT        NOT NULL,
    closed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE royalty_allocations (
    id            TEXT PRIMARY KEY,
    release_id    UUID        NOT NULL REFERENCES releases (id),
    artist_id     UUID        NOT NULL REFERENCES artists (id),
    period        TEXT        NOT NULL,
    share_bps     INT         NOT NULL,
    amount_micros BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX royalty_allocations_release_period ON royalty_allocations (release_id, period);
CREATE INDEX royalty_allocations_artist_period ON royalty_allocations (artist_id, period);
