CREATE TABLE fines (
    id                  UUID PRIMARY KEY,
    rider_id            UUID NOT NULL REFERENCES riders (id),
    ride_id             UUID REFERENCES rides (id),
    scooter_id          TEXT NOT NULL REFERENCES scooters (id),
    reason              TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    admin_fee_cents     BIGINT NOT NULL DEFAULT 0,
    status              TEXT NOT NULL CHECK (status IN (
                            'issued', 'paid', 'contested', 'refund_pending', 'refunded', 'waived')),
    source              TEXT NOT NULL CHECK (source IN ('telematics', 'review')),
    review_id           TEXT UNIQUE,
    payment_intent_id   TEXT,
    contest_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX fines_rider_idx ON fines (rider_id, created_at DESC);

CREATE TABLE swap_jobs (
    id                  BIGINT PRIMARY KEY,
    scooter_id          TEXT NOT NULL REFERENCES scooters (id),
    zone_id             TEXT NOT NULL REFERENCES zones (id),
    status              TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'done', 'cancelled')),
    battery_pct         INT NOT NULL,
    technician_id       TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    accepted_at         TIMESTAMPTZ,
    completed_at        TIMESTAMPTZ
);

CREATE TABLE battery_swaps (
    id              TEXT PRIMARY KEY,
    swap_job_id     BIGINT NOT NULL REFERENCES swap_jobs (id),
    scooter_id      TEXT NOT NULL REFERENCES scooters (id),
    technician_id   TEXT NOT NULL,
    battery_out     TEXT NOT NULL,
    battery_in      TEXT NOT NULL,
    charge_in_pct   INT NOT NULL,
    swapped_at      TIMESTAMPTZ NOT NULL
);

CREATE TABLE telemetry_samples (
    scooter_id    TEXT NOT NULL REFERENCES scooters (id),
    recorded_at   TIMESTAMPTZ NOT NULL,
    battery_pct   INT,
    lat           DOUBLE PRECISION,
    lng           DOUBLE PRECISION,
    speed_kmh     REAL,
    PRIMARY KEY (scooter_id, recorded_at)
);

CREATE TABLE telematics_inbox (
    message_id    TEXT PRIMARY KEY,
    event_type    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
