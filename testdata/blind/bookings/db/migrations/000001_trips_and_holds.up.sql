CREATE TABLE partner_operators (
    code               TEXT PRIMARY KEY,
    name               TEXT        NOT NULL,
    stripe_account_id  TEXT        NOT NULL,
    commission_bps     INTEGER     NOT NULL DEFAULT 0,
    settlement_email   TEXT        NOT NULL,
    active             BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE trips (
    id             TEXT PRIMARY KEY,
    operator_code  TEXT        NOT NULL REFERENCES partner_operators (code),
    route_code     TEXT        NOT NULL,
    service_date   DATE        NOT NULL,
    departs_at     TIMESTAMPTZ NOT NULL,
    arrives_at     TIMESTAMPTZ NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'scheduled',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE trip_stops (
    trip_id       TEXT    NOT NULL REFERENCES trips (id),
    seq           INTEGER NOT NULL,
    station_code  TEXT    NOT NULL,
    PRIMARY KEY (trip_id, seq)
);

CREATE TABLE seat_maps (
    trip_id           TEXT PRIMARY KEY REFERENCES trips (id),
    version           BIGINT      NOT NULL DEFAULT 1,
    layout            JSONB       NOT NULL DEFAULT '{}'::jsonb,
    last_change_hash  TEXT        NOT NULL DEFAULT '',
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE seat_holds (
    id            UUID PRIMARY KEY,
    trip_id       TEXT        NOT NULL REFERENCES trips (id),
    customer_id   TEXT        NOT NULL,
    seat_count    INTEGER     NOT NULL,
    fare_class    TEXT        NOT NULL DEFAULT 'standard',
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'active',
    expires_at    TIMESTAMPTZ NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX seat_holds_status_expires_idx ON seat_holds (status, expires_at);

CREATE TABLE hold_requests (
    idempotency_key  TEXT PRIMARY KEY,
    hold_id          UUID REFERENCES seat_holds (id),
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE trip_seats (
    trip_id     TEXT   NOT NULL REFERENCES trips (id),
    seat_no     TEXT   NOT NULL,
    coach       TEXT   NOT NULL,
    fare_class  TEXT   NOT NULL DEFAULT 'standard',
    price_cents BIGINT NOT NULL,
    status      TEXT   NOT NULL DEFAULT 'free',
    hold_id     UUID,
    booking_id  UUID,
    PRIMARY KEY (trip_id, seat_no)
);

CREATE INDEX trip_seats_hold_idx ON trip_seats (hold_id) WHERE hold_id IS NOT NULL;
CREATE INDEX trip_seats_booking_idx ON trip_seats (booking_id) WHERE booking_id IS NOT NULL;
