-- Telematics stream and customer notices.

CREATE TABLE IF NOT EXISTS telematics_events (
    event_id    text PRIMARY KEY,
    vehicle_id  uuid NOT NULL REFERENCES vehicles (id),
    kind        text NOT NULL,
    payload     jsonb NOT NULL,
    recorded_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

-- Fuel level time series; readings arrive every few minutes per vehicle.
CREATE TABLE IF NOT EXISTS fuel_readings (
    id          text PRIMARY KEY,
    vehicle_id  uuid NOT NULL REFERENCES vehicles (id),
    event_id    text NOT NULL,
    level_pct   smallint NOT NULL,
    recorded_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS fuel_readings_vehicle_idx ON fuel_readings (vehicle_id, recorded_at);

-- Events already applied, per consumer.
CREATE TABLE IF NOT EXISTS consumer_inbox (
    consumer     text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE IF NOT EXISTS notices (
    id              text PRIMARY KEY,
    customer_id     uuid NOT NULL REFERENCES customers (id),
    channel         text NOT NULL,
    template        text NOT NULL,
    status          text NOT NULL,
    provider_msg_id text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz
);
