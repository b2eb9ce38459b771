-- +goose Up
CREATE TABLE crew_members (
    id           text PRIMARY KEY,
    skipper_id   text NOT NULL REFERENCES skippers (id),
    name         text NOT NULL,
    phone        text NOT NULL,
    hourly_cents bigint NOT NULL,
    hours_booked integer NOT NULL DEFAULT 0
);

CREATE TABLE crew_assignments (
    trip_id        text NOT NULL REFERENCES trips (id),
    crew_member_id text NOT NULL REFERENCES crew_members (id),
    role           text NOT NULL,
    hours          integer NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (trip_id, crew_member_id)
);

CREATE TABLE berth_requests (
    id          text PRIMARY KEY,
    trip_id     text NOT NULL UNIQUE REFERENCES trips (id),
    marina_id   text NOT NULL REFERENCES marinas (id),
    status      text NOT NULL DEFAULT 'requested',
    partner_ref text,
    berth_code  text,
    fee_cents   bigint NOT NULL DEFAULT 0,
    version     integer NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fuel_orders (
    id          text PRIMARY KEY,
    trip_id     text NOT NULL REFERENCES trips (id),
    litres      integer NOT NULL,
    price_cents bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cancellations (
    booking_id text PRIMARY KEY REFERENCES bookings (id),
    source     text NOT NULL,
    reason     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE weather_alerts (
    alert_id   text PRIMARY KEY,
    severity   text NOT NULL,
    marina_ids text[] NOT NULL,
    starts_at  timestamptz NOT NULL,
    ends_at    timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE weather_alert_lifts (
    alert_id  text PRIMARY KEY REFERENCES weather_alerts (alert_id),
    lifted_at timestamptz NOT NULL
);

CREATE TABLE processed_events (
    event_id     text PRIMARY KEY,
    handler      text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id         bigserial PRIMARY KEY,
    topic      text NOT NULL,
    payload    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at    timestamptz
);

CREATE INDEX outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL;

CREATE TABLE harbour_invoices (
    id           text PRIMARY KEY,
    marina_id    text NOT NULL REFERENCES marinas (id),
    period       text NOT NULL,
    amount_cents bigint NOT NULL,
    berth_count  integer NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (marina_id, period)
);

CREATE TABLE job_runs (
    id          text PRIMARY KEY,
    job         text NOT NULL,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    status      text NOT NULL,
    error       text NOT NULL DEFAULT ''
);

-- +goose Down
DROP TABLE job_runs;
DROP TABLE harbour_invoices;
DROP TABLE outbox;
DROP TABLE processed_events;
DROP TABLE weather_alert_lifts;
DROP TABLE weather_alerts;
DROP TABLE cancellations;
DROP TABLE fuel_orders;
DROP TABLE berth_requests;
DROP TABLE crew_assignments;
DROP TABLE crew_members;
