-- +goose Up
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    key             TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    response_status INTEGER,
    response_body   BYTEA,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE outbox_events (
    id           UUID PRIMARY KEY,
    subject      TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;

-- catering service
CREATE TABLE catering_orders (
    id                UUID PRIMARY KEY,
    room_booking_id   UUID NOT NULL UNIQUE,
    caterer_order_ref TEXT NOT NULL,
    headcount         INTEGER NOT NULL,
    status            TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- analytics service
CREATE TABLE analytics_booking_facts (
    id          TEXT PRIMARY KEY,
    booking_id  UUID NOT NULL,
    room_id     UUID NOT NULL,
    member_id   UUID NOT NULL,
    starts_at   TIMESTAMPTZ NOT NULL,
    minutes     INTEGER NOT NULL,
    status      TEXT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX analytics_booking_facts_booking_idx ON analytics_booking_facts (booking_id);

CREATE TABLE analytics_processed_messages (
    msg_id       TEXT PRIMARY KEY,
    consumer     TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE analytics_room_daily (
    room_id           UUID NOT NULL,
    day               DATE NOT NULL,
    cancellations     INTEGER NOT NULL DEFAULT 0,
    cancelled_minutes INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (room_id, day)
);

CREATE TABLE analytics_checkins (
    event_id    TEXT PRIMARY KEY,
    member_id   UUID NOT NULL,
    door        TEXT NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE analytics_checkins;
DROP TABLE analytics_room_daily;
DROP TABLE analytics_processed_messages;
DROP TABLE analytics_booking_facts;
DROP TABLE catering_orders;
DROP TABLE outbox_events;
DROP TABLE idempotency_keys;
