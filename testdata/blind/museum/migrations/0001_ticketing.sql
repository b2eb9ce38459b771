-- Timed-entry ticketing: sites, bookable slots, orders and issued tickets.

CREATE TABLE sites (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    timezone    TEXT NOT NULL DEFAULT 'Europe/London',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE time_slots (
    id          BIGSERIAL PRIMARY KEY,
    site_id     TEXT NOT NULL REFERENCES sites(id),
    starts_at   TIMESTAMPTZ NOT NULL,
    ends_at     TIMESTAMPTZ NOT NULL,
    capacity    INTEGER NOT NULL CHECK (capacity >= 0),
    reserved    INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT time_slots_site_start_uq UNIQUE (site_id, starts_at),
    CONSTRAINT time_slots_reserved_ck CHECK (reserved >= 0 AND reserved <= capacity)
);

CREATE TABLE ticket_orders (
    id               UUID PRIMARY KEY,
    customer_email   TEXT NOT NULL,
    customer_name    TEXT NOT NULL,
    slot_id          BIGINT NOT NULL REFERENCES time_slots(id),
    adult_qty        INTEGER NOT NULL DEFAULT 0,
    concession_qty   INTEGER NOT NULL DEFAULT 0,
    child_qty        INTEGER NOT NULL DEFAULT 0,
    amount_minor     BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    status           TEXT NOT NULL,
    hold_expires_at  TIMESTAMPTZ,
    member_id        UUID,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ticket_orders_hold_idx ON ticket_orders (hold_expires_at) WHERE status = 'held';

CREATE TABLE tickets (
    order_id     UUID NOT NULL REFERENCES ticket_orders(id),
    seq          INTEGER NOT NULL,
    barcode      TEXT NOT NULL,
    ticket_type  TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'valid',
    used_at      TIMESTAMPTZ,
    PRIMARY KEY (order_id, seq),
    CONSTRAINT tickets_barcode_uq UNIQUE (barcode)
);

-- Scans arrive from the gate scanners through the gates.scans topic.
CREATE TABLE admissions (
    scan_id     TEXT PRIMARY KEY,
    gate_id     TEXT NOT NULL,
    site_id     TEXT NOT NULL,
    barcode     TEXT NOT NULL,
    direction   TEXT NOT NULL,
    result      TEXT NOT NULL,
    scanned_at  TIMESTAMPTZ NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX admissions_barcode_idx ON admissions (barcode);
