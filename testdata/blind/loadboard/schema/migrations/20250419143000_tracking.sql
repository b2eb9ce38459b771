-- ELD tracking: device registry, position pings, shipper booking notice.

ALTER TABLE loads ADD COLUMN shipper_notified_at timestamptz;

CREATE TABLE tracking_devices (
    vendor          text        NOT NULL,
    device_id       text        NOT NULL,
    subscription_id text        NOT NULL,
    registered_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (vendor, device_id)
);

CREATE INDEX tracking_devices_subscription_idx ON tracking_devices (subscription_id);

CREATE TABLE tracking_pings (
    id          text PRIMARY KEY,
    vendor      text             NOT NULL,
    device_id   text             NOT NULL,
    load_id     uuid REFERENCES loads (id),
    lat         double precision NOT NULL,
    lng         double precision NOT NULL,
    speed_mph   double precision NOT NULL DEFAULT 0,
    heading     integer          NOT NULL DEFAULT 0,
    recorded_at timestamptz      NOT NULL,
    received_at timestamptz      NOT NULL DEFAULT now(),
    CONSTRAINT tracking_pings_device_time_key UNIQUE (vendor, device_id, recorded_at)
);

CREATE INDEX tracking_pings_load_idx ON tracking_pings (load_id, recorded_at DESC);
