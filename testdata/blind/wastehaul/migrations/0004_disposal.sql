-- Loads hauled to the landfill partner, manifests, slot bookings and tipping fees.

CREATE TABLE loads (
    id                 TEXT PRIMARY KEY,
    route_id           TEXT NOT NULL REFERENCES routes (id),
    trip_no            INT NOT NULL,
    truck_id           TEXT NOT NULL,
    landfill_code      TEXT NOT NULL,
    material           TEXT NOT NULL,
    est_tons           NUMERIC(8, 2) NOT NULL,
    status             TEXT NOT NULL DEFAULT 'planned',
    slot_booking_id    TEXT,
    slot_starts_at     TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT loads_route_trip_uq UNIQUE (route_id, trip_no)
);

CREATE TABLE load_manifests (
    id                   TEXT PRIMARY KEY,
    load_id              TEXT NOT NULL REFERENCES loads (id),
    partner_manifest_no  TEXT NOT NULL UNIQUE,
    submitted_by         TEXT,
    submitted_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tipping_rates (
    landfill_code       TEXT NOT NULL,
    material            TEXT NOT NULL,
    cents_per_ton       BIGINT NOT NULL,
    effective_from      DATE NOT NULL,
    PRIMARY KEY (landfill_code, material, effective_from)
);

CREATE TABLE tipping_batches (
    id                       TEXT PRIMARY KEY,
    landfill_code            TEXT NOT NULL,
    period                   TEXT NOT NULL,
    total_cents              BIGINT NOT NULL DEFAULT 0,
    status                   TEXT NOT NULL DEFAULT 'open',
    remittance_ref           TEXT,
    partner_remittance_id    TEXT,
    paid_at                  TIMESTAMPTZ,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT tipping_batches_landfill_period_uq UNIQUE (landfill_code, period)
);

CREATE TABLE tipping_accruals (
    id              TEXT PRIMARY KEY,
    ticket_id       TEXT NOT NULL REFERENCES weigh_tickets (id),
    landfill_code   TEXT NOT NULL,
    material        TEXT NOT NULL,
    net_kg          BIGINT NOT NULL,
    cents_per_ton   BIGINT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    batch_id        TEXT REFERENCES tipping_batches (id),
    weighed_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT tipping_accruals_ticket_uq UNIQUE (ticket_id)
);
