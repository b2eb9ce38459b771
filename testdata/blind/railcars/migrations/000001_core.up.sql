CREATE TABLE customers (
    id                  TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    billing_email       TEXT NOT NULL,
    yard_contact_phone  TEXT,
    stripe_customer_id  TEXT,
    stripe_default_pm   TEXT,
    ach_account_token   TEXT,
    autopay_enabled     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE cars (
    car_mark          TEXT PRIMARY KEY,            -- reporting mark + number, e.g. 'IBLX 204417'
    car_type          TEXT NOT NULL CHECK (car_type IN ('TANK', 'HOPPER')),
    capacity          INTEGER NOT NULL,
    status            TEXT NOT NULL DEFAULT 'IN_SERVICE',
    current_road      TEXT,
    current_location  TEXT,
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE leases (
    id                        TEXT PRIMARY KEY,
    lease_number              TEXT NOT NULL UNIQUE,
    customer_id               TEXT NOT NULL REFERENCES customers(id),
    car_type                  TEXT NOT NULL,
    monthly_rate_cents        BIGINT NOT NULL,
    demurrage_rate_cents      BIGINT NOT NULL,
    free_time_hours           INTEGER NOT NULL DEFAULT 48,
    mileage_credit_cents      BIGINT NOT NULL DEFAULT 0,  -- per loaded mile
    start_date                DATE NOT NULL,
    end_date                  DATE NOT NULL,
    status                    TEXT NOT NULL DEFAULT 'DRAFT',
    offrent_days              INTEGER NOT NULL DEFAULT 0,
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    activated_at              TIMESTAMPTZ
);

CREATE TABLE lease_cars (
    lease_id     TEXT NOT NULL REFERENCES leases(id),
    car_mark     TEXT NOT NULL REFERENCES cars(car_mark),
    on_hire_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    off_hire_at  TIMESTAMPTZ,
    PRIMARY KEY (lease_id, car_mark)
);

CREATE TABLE billing_schedules (
    lease_id           TEXT PRIMARY KEY REFERENCES leases(id),
    next_period_start  DATE NOT NULL,
    day_of_month       INTEGER NOT NULL DEFAULT 1,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope          TEXT NOT NULL,
    key            TEXT NOT NULL,
    request_hash   TEXT NOT NULL DEFAULT '',
    resource_id    TEXT,
    response_code  INTEGER,
    response_body  BYTEA,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE outbox_events (
    id            TEXT PRIMARY KEY,
    event_key     TEXT NOT NULL UNIQUE,
    topic         TEXT NOT NULL,
    event_type    TEXT NOT NULL,
    aggregate_id  TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);
CREATE INDEX outbox_events_unpublished ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE processed_webhooks (
    provider      TEXT NOT NULL,
    event_id      TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
