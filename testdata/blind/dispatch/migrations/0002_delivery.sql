-- Proof of delivery, failed attempts and courier locations.

CREATE TABLE IF NOT EXISTS pod_events (
    event_id        TEXT PRIMARY KEY,
    order_id        TEXT             NOT NULL REFERENCES orders (id),
    courier_id      TEXT             NOT NULL,
    kind            TEXT             NOT NULL,
    photo_url       TEXT             NOT NULL DEFAULT '',
    signature_url   TEXT             NOT NULL DEFAULT '',
    recipient_name  TEXT             NOT NULL DEFAULT '',
    failure_reason  TEXT             NOT NULL DEFAULT '',
    lat             DOUBLE PRECISION NOT NULL DEFAULT 0,
    lng             DOUBLE PRECISION NOT NULL DEFAULT 0,
    occurred_at     TIMESTAMPTZ      NOT NULL,
    received_at     TIMESTAMPTZ      NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS delivery_attempts (
    id            TEXT PRIMARY KEY,
    order_id      TEXT        NOT NULL REFERENCES orders (id),
    courier_id    TEXT        NOT NULL,
    reason        TEXT        NOT NULL DEFAULT '',
    attempted_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS delivery_attempts_order_idx ON delivery_attempts (order_id);

CREATE TABLE IF NOT EXISTS courier_locations (
    courier_id   TEXT PRIMARY KEY,
    lat          DOUBLE PRECISION NOT NULL,
    lng          DOUBLE PRECISION NOT NULL,
    heading      DOUBLE PRECISION NOT NULL DEFAULT 0,
    recorded_at  TIMESTAMPTZ      NOT NULL
);
