CREATE TABLE interments (
    id                   TEXT PRIMARY KEY,
    reservation_id       TEXT NOT NULL UNIQUE REFERENCES reservations (id),
    plot_id              TEXT NOT NULL REFERENCES plots (id),
    family_id            TEXT NOT NULL REFERENCES families (id),
    decedent_name        TEXT NOT NULL,
    funeral_home_id      TEXT NOT NULL,
    service_at           TIMESTAMPTZ NOT NULL,
    status               TEXT NOT NULL DEFAULT 'requested',
    partner_booking_ref  TEXT,
    reminder_sent_at     TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX interments_service_at_idx ON interments (service_at) WHERE reminder_sent_at IS NULL;

CREATE TABLE interment_timeline (
    id            TEXT PRIMARY KEY,
    interment_id  TEXT NOT NULL REFERENCES interments (id),
    event         TEXT NOT NULL,
    detail        TEXT NOT NULL DEFAULT '',
    occurred_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every outbound call to the funeral-home partner, including failures.
CREATE TABLE partner_call_attempts (
    id            TEXT PRIMARY KEY,
    interment_id  TEXT NOT NULL,
    operation     TEXT NOT NULL,
    status_code   INT,
    error         TEXT,
    duration_ms   BIGINT NOT NULL,
    attempted_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE partner_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
