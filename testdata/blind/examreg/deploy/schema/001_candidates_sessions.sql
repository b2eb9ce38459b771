-- Candidates, test centres and exam sessions.
-- Applied in lexical order by the platform team's psql runner; keep each file re-runnable.

CREATE TABLE IF NOT EXISTS candidates (
    id            UUID PRIMARY KEY,
    email         TEXT NOT NULL,
    given_name    TEXT NOT NULL,
    family_name   TEXT NOT NULL,
    phone_e164    TEXT,
    date_of_birth DATE,
    postal_line1  TEXT,
    postal_line2  TEXT,
    postal_city   TEXT,
    postal_code   TEXT,
    country_code  CHAR(2),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS candidates_email_uq ON candidates (lower(email));

CREATE TABLE IF NOT EXISTS test_centres (
    id          TEXT PRIMARY KEY,          -- centre code from the centre management system, e.g. "GB-LDN-04"
    name        TEXT NOT NULL,
    timezone    TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS exam_sessions (
    id               UUID PRIMARY KEY,
    centre_id        TEXT NOT NULL REFERENCES test_centres (id),
    exam_code        TEXT NOT NULL,        -- e.g. "B2-GEN", "C1-ACAD"
    starts_at        TIMESTAMPTZ NOT NULL,
    capacity         INTEGER NOT NULL CHECK (capacity >= 0),
    capacity_version BIGINT NOT NULL DEFAULT 0,
    seats_held       INTEGER NOT NULL DEFAULT 0,
    seats_confirmed  INTEGER NOT NULL DEFAULT 0,
    fee_minor        BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    status           TEXT NOT NULL DEFAULT 'open', -- open | closed | cancelled
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS exam_sessions_centre_idx ON exam_sessions (centre_id, starts_at);

-- Manual and centre-driven adjustments to a session's seat count (accessibility
-- rooms, seats returned by the centre). Effective capacity is capacity + SUM(delta).
CREATE TABLE IF NOT EXISTS seat_adjustments (
    id          UUID PRIMARY KEY,
    session_id  UUID NOT NULL REFERENCES exam_sessions (id),
    delta       INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    centre_ref  TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS seat_adjustments_session_idx ON seat_adjustments (session_id);
