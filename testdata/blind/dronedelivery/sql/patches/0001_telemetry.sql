-- Telemetry storage for position fixes, battery alerts and geofence incidents.

CREATE TABLE drone_positions (
    drone_id     text             NOT NULL,
    recorded_at  timestamptz      NOT NULL,
    lat          double precision NOT NULL,
    lng          double precision NOT NULL,
    altitude_m   real             NOT NULL,
    speed_mps    real             NOT NULL,
    battery_pct  smallint         NOT NULL,
    PRIMARY KEY (drone_id, recorded_at)
);

CREATE TABLE battery_alerts (
    alert_id        text PRIMARY KEY,
    drone_id        text        NOT NULL,
    battery_serial  text        NOT NULL,
    charge_pct      smallint    NOT NULL,
    cell_temp_c     real,
    raised_at       timestamptz NOT NULL,
    acknowledged_at timestamptz
);

CREATE TABLE geofence_incidents (
    id                    uuid PRIMARY KEY,
    telemetry_event_id    text        NOT NULL UNIQUE,
    drone_id              text        NOT NULL,
    flight_plan_id        uuid        REFERENCES flight_plans (id),
    authority_incident_id text,
    zone_code             text        NOT NULL,
    breached_at           timestamptz NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now()
);
