CREATE TABLE trip_report_batches (
    id                  TEXT PRIMARY KEY,
    zone_id             TEXT NOT NULL REFERENCES zones (id),
    service_date        DATE NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'submitted')),
    trip_count          INT NOT NULL DEFAULT 0,
    regulator_receipt   TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at        TIMESTAMPTZ
);

CREATE TABLE incidents (
    id              UUID PRIMARY KEY,
    scooter_id      TEXT NOT NULL REFERENCES scooters (id),
    ride_id         UUID REFERENCES rides (id),
    severity        TEXT NOT NULL,
    occurred_at     TIMESTAMPTZ NOT NULL,
    lat             DOUBLE PRECISION,
    lng             DOUBLE PRECISION,
    regulator_ref   TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (scooter_id, occurred_at)
);
