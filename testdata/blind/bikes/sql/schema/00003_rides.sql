-- +goose Up
CREATE TABLE rides (
    id             uuid PRIMARY KEY,
    rider_id       uuid        NOT NULL REFERENCES riders (id),
    bike_id        text        NOT NULL REFERENCES bikes (id),
    start_dock_id  text        NOT NULL REFERENCES docks (id),
    end_dock_id    text REFERENCES docks (id),
    status         text        NOT NULL DEFAULT 'unlocking',
    payment_mode   text        NOT NULL DEFAULT 'card',
    pass_id        uuid,
    unlocked_at    timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    ended_at       timestamptz,
    duration_secs  integer,
    fare_cents     bigint,
    end_reason     text
);

CREATE INDEX rides_rider_idx ON rides (rider_id, unlocked_at DESC);
CREATE INDEX rides_status_idx ON rides (status, unlocked_at);

-- +goose Down
DROP TABLE rides;
