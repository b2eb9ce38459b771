CREATE TABLE mills (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    partner_code  TEXT NOT NULL UNIQUE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE sales_contracts (
    id               UUID PRIMARY KEY,
    mill_id          TEXT NOT NULL REFERENCES mills(id),
    contract_no      TEXT NOT NULL,
    material_code    TEXT NOT NULL,
    tons_ordered     NUMERIC(12, 3) NOT NULL CHECK (tons_ordered > 0),
    tons_scheduled   NUMERIC(12, 3) NOT NULL DEFAULT 0 CHECK (tons_scheduled >= 0),
    price_per_ton_cents BIGINT NOT NULL,
    ship_from_yard   TEXT NOT NULL REFERENCES yards(id),
    delivery_start   DATE NOT NULL,
    delivery_end     DATE NOT NULL,
    status           TEXT NOT NULL DEFAULT 'draft'
                     CHECK (status IN ('draft', 'acknowledged', 'closed', 'cancelled')),
    mill_ack_ref     TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (mill_id, contract_no),
    CHECK (tons_scheduled <= tons_ordered)
);

CREATE TABLE loads (
    id                 TEXT PRIMARY KEY,
    contract_id        UUID NOT NULL REFERENCES sales_contracts(id),
    yard_id            TEXT NOT NULL REFERENCES yards(id),
    request_key        TEXT NOT NULL,
    pickup_date        DATE NOT NULL,
    planned_tons       NUMERIC(10, 3) NOT NULL CHECK (planned_tons > 0),
    outbound_net_lb    INTEGER,
    bol_no             TEXT,
    status             TEXT NOT NULL DEFAULT 'scheduled'
                       CHECK (status IN ('scheduled', 'booked', 'in_transit', 'delivered', 'cancelled')),
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (contract_id, request_key)
);
CREATE UNIQUE INDEX loads_bol_uq ON loads (yard_id, bol_no) WHERE bol_no IS NOT NULL;

CREATE TABLE carrier_bookings (
    load_id       TEXT PRIMARY KEY REFERENCES loads(id),
    carrier       TEXT NOT NULL,
    booking_ref   TEXT NOT NULL,
    truck_no      TEXT NOT NULL DEFAULT '',
    pickup_window TSTZRANGE,
    cancelled_at  TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE mill_settlements (
    id              UUID PRIMARY KEY,
    load_id         TEXT NOT NULL REFERENCES loads(id),
    mill_weight_lb  INTEGER NOT NULL,
    deduction_lb    INTEGER NOT NULL DEFAULT 0,
    amount_cents    BIGINT NOT NULL,
    mill_doc_ref    TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX mill_settlements_load_idx ON mill_settlements (load_id);
