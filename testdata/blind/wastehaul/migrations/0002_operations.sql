-- Containers, rentals, work orders, pickups, routes and driver messaging.

CREATE TABLE containers (
    id           TEXT PRIMARY KEY,
    serial       TEXT NOT NULL UNIQUE,
    size_yards   INT NOT NULL,
    kind         TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'yard'
);

CREATE TABLE rentals (
    id                  TEXT PRIMARY KEY,
    customer_id         TEXT NOT NULL REFERENCES customers (id),
    site_id             TEXT NOT NULL REFERENCES sites (id),
    container_id        TEXT REFERENCES containers (id),
    size_yards          INT NOT NULL,
    monthly_rate_cents  BIGINT NOT NULL,
    deposit_cents       BIGINT NOT NULL DEFAULT 0,
    status              TEXT NOT NULL DEFAULT 'pending',
    starts_on           DATE NOT NULL,
    ended_on            DATE,
    po_number           TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX rentals_active_idx ON rentals (status) WHERE status = 'active';

CREATE TABLE work_orders (
    id             UUID PRIMARY KEY,
    rental_id      TEXT NOT NULL REFERENCES rentals (id),
    kind           TEXT NOT NULL,
    requested_for  DATE NOT NULL,
    size_yards     INT,
    notes          TEXT,
    status         TEXT NOT NULL DEFAULT 'open',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One delivery and one removal per rental; swaps can happen any number of times.
CREATE UNIQUE INDEX work_orders_delivery_uq ON work_orders (rental_id) WHERE kind = 'delivery';
CREATE UNIQUE INDEX work_orders_removal_uq ON work_orders (rental_id) WHERE kind = 'removal';

CREATE TABLE drivers (
    id         UUID PRIMARY KEY,
    name       TEXT NOT NULL,
    phone      TEXT NOT NULL UNIQUE,
    truck_id   TEXT,
    active     BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE pickup_schedules (
    id            TEXT PRIMARY KEY,
    site_id       TEXT NOT NULL REFERENCES sites (id),
    container_id  TEXT NOT NULL REFERENCES containers (id),
    weekday       INT NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    active        BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE pickups (
    id                TEXT PRIMARY KEY,
    site_id           TEXT NOT NULL REFERENCES sites (id),
    container_id      TEXT NOT NULL REFERENCES containers (id),
    schedule_id       TEXT REFERENCES pickup_schedules (id),
    service_date      DATE NOT NULL,
    status            TEXT NOT NULL DEFAULT 'scheduled',
    driver_id         UUID REFERENCES drivers (id),
    route_id          TEXT,
    notes             TEXT,
    cancel_reason     TEXT,
    reminder_sent_at  TIMESTAMPTZ,
    completed_at      TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT pickups_container_date_uq UNIQUE (container_id, service_date)
);

CREATE TABLE routes (
    id            TEXT PRIMARY KEY,
    driver_id     UUID NOT NULL REFERENCES drivers (id),
    service_date  DATE NOT NULL,
    status        TEXT NOT NULL DEFAULT 'draft',
    published_at  TIMESTAMPTZ,
    stop_count    INT NOT NULL DEFAULT 0
);

CREATE TABLE route_stops (
    route_id      TEXT NOT NULL REFERENCES routes (id),
    pickup_id     TEXT NOT NULL REFERENCES pickups (id),
    seq           INT NOT NULL,
    stop_code     TEXT NOT NULL UNIQUE,
    completed_at  TIMESTAMPTZ,
    PRIMARY KEY (route_id, pickup_id)
);

CREATE TABLE driver_messages (
    id                   TEXT PRIMARY KEY,
    driver_id            UUID NOT NULL REFERENCES drivers (id),
    route_id             TEXT,
    pickup_id            TEXT,
    purpose              TEXT NOT NULL,
    body                 TEXT NOT NULL,
    status               TEXT NOT NULL DEFAULT 'pending',
    provider_message_id  TEXT UNIQUE,
    delivery_status      TEXT,
    sent_at              TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX driver_messages_stop_purpose_uq
    ON driver_messages (route_id, pickup_id, purpose)
    WHERE route_id IS NOT NULL AND pickup_id IS NOT NULL;
