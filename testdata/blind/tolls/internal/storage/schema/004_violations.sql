-- Violations (unpaid passages), disputes.

CREATE TABLE IF NOT EXISTS violations (
    id              TEXT PRIMARY KEY,
    gantry_id       TEXT        NOT NULL,
    read_seq        BIGINT      NOT NULL,
    plate_state     TEXT        NOT NULL,
    plate_number    TEXT        NOT NULL,
    owner_name      TEXT        NOT NULL DEFAULT '',
    address_line1   TEXT        NOT NULL DEFAULT '',
    address_line2   TEXT        NOT NULL DEFAULT '',
    city            TEXT        NOT NULL DEFAULT '',
    region          TEXT        NOT NULL DEFAULT '',
    postal_code     TEXT        NOT NULL DEFAULT '',
    toll_cents      BIGINT      NOT NULL,
    fee_cents       BIGINT      NOT NULL DEFAULT 0,
    status          TEXT        NOT NULL DEFAULT 'open',
    notice_ref      TEXT        NOT NULL DEFAULT '',
    notice_count    INT         NOT NULL DEFAULT 0,
    last_noticed_at TIMESTAMPTZ,
    image_url       TEXT        NOT NULL DEFAULT '',
    passed_at       TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS violations_plate_idx ON violations (plate_state, plate_number);
CREATE INDEX IF NOT EXISTS violations_read_idx ON violations (gantry_id, read_seq);

CREATE TABLE IF NOT EXISTS disputes (
    id           TEXT PRIMARY KEY,
    violation_id TEXT        NOT NULL REFERENCES violations (id),
    reason       TEXT        NOT NULL,
    evidence     TEXT        NOT NULL DEFAULT '',
    status       TEXT        NOT NULL DEFAULT 'submitted',
    submitted_by TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS disputes_violation_idx ON disputes (violation_id);
