-- Fuel dock, boatyard, shore power.

CREATE TABLE fuel_sales (
    id              UUID PRIMARY KEY,
    pump_id         TEXT NOT NULL,
    ticket_no       BIGINT NOT NULL,
    product         TEXT NOT NULL,
    litres          NUMERIC(10,2) NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    boater_id       UUID REFERENCES boaters(id),
    payment_method  TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    payment_id      UUID,
    sold_at         TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (pump_id, ticket_no)
);

CREATE TABLE work_orders (
    id               UUID PRIMARY KEY,
    vessel_id        UUID NOT NULL REFERENCES vessels(id),
    boater_id        UUID NOT NULL REFERENCES boaters(id),
    kind             TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'scheduled',
    lift_on          DATE,
    yard_booking_ref TEXT,
    notes            TEXT NOT NULL DEFAULT '',
    completed_at     TIMESTAMPTZ,
    invoiced_at      TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE work_order_lines (
    id            BIGSERIAL PRIMARY KEY,
    work_order_id UUID NOT NULL REFERENCES work_orders(id),
    description   TEXT NOT NULL,
    quantity      NUMERIC(10,2) NOT NULL,
    unit_cents    BIGINT NOT NULL,
    created_by    TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE power_meters (
    id        TEXT PRIMARY KEY,
    berth_id  TEXT NOT NULL REFERENCES berths(id),
    pedestal  TEXT NOT NULL
);

CREATE TABLE meter_readings (
    id         TEXT PRIMARY KEY,
    meter_id   TEXT NOT NULL REFERENCES power_meters(id),
    read_at    TIMESTAMPTZ NOT NULL,
    kwh_total  NUMERIC(12,3) NOT NULL,
    source     TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (meter_id, read_at)
);

CREATE TABLE power_sessions (
    id                 UUID PRIMARY KEY,
    meter_id           TEXT NOT NULL REFERENCES power_meters(id),
    boater_id          UUID NOT NULL REFERENCES boaters(id),
    start_kwh          NUMERIC(12,3) NOT NULL,
    end_kwh            NUMERIC(12,3),
    rate_cents_per_kwh BIGINT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'open',
    opened_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at          TIMESTAMPTZ
);

CREATE UNIQUE INDEX power_sessions_one_open ON power_sessions (meter_id) WHERE status = 'open';

CREATE TABLE arrivals (
    id                  UUID PRIMARY KEY,
    vessel_registration TEXT NOT NULL,
    berth_id            TEXT,
    reservation_id      UUID,
    arrived_at          TIMESTAMPTZ NOT NULL,
    source              TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX arrivals_registration ON arrivals (vessel_registration, arrived_at);
