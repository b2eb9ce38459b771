CREATE TABLE movement_inbox (
    source       TEXT NOT NULL,           -- 'edi322', 'sqs'
    source_ref   TEXT NOT NULL,           -- interchange control number + ST control + event seq
    event_type   TEXT NOT NULL,
    car_mark     TEXT NOT NULL,
    payload      JSONB NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, source_ref)
);

CREATE TABLE car_placements (
    id               TEXT PRIMARY KEY,
    event_id         TEXT NOT NULL UNIQUE,
    car_mark         TEXT NOT NULL REFERENCES cars(car_mark),
    lease_id         TEXT REFERENCES leases(id),
    customer_id      TEXT REFERENCES customers(id),
    railroad         TEXT NOT NULL,
    location         TEXT NOT NULL,
    placed_at        TIMESTAMPTZ NOT NULL,
    released_at      TIMESTAMPTZ,
    free_time_hours  INTEGER NOT NULL
);
CREATE INDEX car_placements_open ON car_placements (car_mark) WHERE released_at IS NULL;

CREATE TABLE car_trips (
    id           TEXT PRIMARY KEY,
    car_mark     TEXT NOT NULL REFERENCES cars(car_mark),
    lease_id     TEXT REFERENCES leases(id),
    origin       TEXT NOT NULL,
    destination  TEXT,
    loaded       BOOLEAN NOT NULL DEFAULT FALSE,
    started_at   TIMESTAMPTZ NOT NULL,
    ended_at     TIMESTAMPTZ,
    miles        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE car_interchanges (
    event_id     TEXT PRIMARY KEY,
    car_mark     TEXT NOT NULL REFERENCES cars(car_mark),
    from_road    TEXT NOT NULL,
    to_road      TEXT NOT NULL,
    junction     TEXT NOT NULL,
    occurred_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE release_requests (
    id                  TEXT PRIMARY KEY,
    car_mark            TEXT NOT NULL REFERENCES cars(car_mark),
    placement_id        TEXT REFERENCES car_placements(id),
    railroad            TEXT NOT NULL,
    railroad_order_no   TEXT NOT NULL,
    requested_for       DATE NOT NULL,
    requested_by        TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE demurrage_charges (
    id            TEXT PRIMARY KEY,
    placement_id  TEXT NOT NULL REFERENCES car_placements(id),
    lease_id      TEXT REFERENCES leases(id),
    customer_id   TEXT REFERENCES customers(id),
    charge_date   DATE NOT NULL,
    amount_cents  BIGINT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'ACCRUED',
    invoice_id    TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (placement_id, charge_date)
);

CREATE TABLE demurrage_disputes (
    id          TEXT PRIMARY KEY,
    charge_id   TEXT NOT NULL UNIQUE REFERENCES demurrage_charges(id),
    reason      TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'OPEN',
    opened_by   TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE mileage_claims (
    id            TEXT PRIMARY KEY,
    customer_id   TEXT NOT NULL REFERENCES customers(id),
    lease_id      TEXT NOT NULL REFERENCES leases(id),
    railroad      TEXT NOT NULL,
    report_month  DATE NOT NULL,
    car_mark      TEXT NOT NULL REFERENCES cars(car_mark),
    loaded_miles  INTEGER NOT NULL,
    empty_miles   INTEGER NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE mileage_credits (
    claim_id      TEXT PRIMARY KEY REFERENCES mileage_claims(id),
    lease_id      TEXT NOT NULL REFERENCES leases(id),
    customer_id   TEXT NOT NULL REFERENCES customers(id),
    credit_cents  BIGINT NOT NULL,
    applied       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
