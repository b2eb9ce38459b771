-- Sites, hosts and hardware.

CREATE TABLE hosts (
    id                    text PRIMARY KEY,
    name                  text        NOT NULL,
    payout_account        text        NOT NULL,
    rate_per_pickup_cents bigint      NOT NULL DEFAULT 0,
    base_fee_cents        bigint      NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lockers (
    id          text PRIMARY KEY,
    site_code   text        NOT NULL UNIQUE,
    host_id     text        NOT NULL REFERENCES hosts (id),
    name        text        NOT NULL,
    address     text        NOT NULL,
    timezone    text        NOT NULL DEFAULT 'UTC',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE compartments (
    id                   text PRIMARY KEY,
    locker_id            text        NOT NULL REFERENCES lockers (id),
    label                text        NOT NULL,
    size                 text        NOT NULL CHECK (size IN ('S','M','L','XL')),
    status               text        NOT NULL DEFAULT 'free'
                         CHECK (status IN ('free','reserved','occupied','maintenance')),
    door_state           text        NOT NULL DEFAULT 'closed',
    door_open_since      timestamptz,
    maintenance_reason   text,
    updated_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (locker_id, label)
);

CREATE INDEX compartments_free_idx ON compartments (locker_id, size) WHERE status = 'free';

CREATE TABLE locker_heartbeats (
    locker_id   text PRIMARY KEY REFERENCES lockers (id),
    firmware    text        NOT NULL,
    last_seen   timestamptz NOT NULL,
    temperature numeric
);
