CREATE TABLE room_inventory (
    property_id  TEXT NOT NULL,
    room_type_id TEXT NOT NULL,
    stay_date    DATE NOT NULL,
    allotment    INT  NOT NULL,
    sold         INT  NOT NULL DEFAULT 0,
    stop_sell    BOOLEAN NOT NULL DEFAULT false,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (property_id, room_type_id, stay_date),
    CHECK (sold >= 0)
);

CREATE TABLE rate_days (
    property_id  TEXT    NOT NULL,
    rate_plan_id TEXT    NOT NULL,
    room_type_id TEXT    NOT NULL,
    stay_date    DATE    NOT NULL,
    amount_minor BIGINT  NOT NULL,
    currency     CHAR(3) NOT NULL,
    min_stay     INT     NOT NULL DEFAULT 1,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (property_id, rate_plan_id, room_type_id, stay_date)
);

CREATE TABLE inventory_holds (
    reservation_id UUID PRIMARY KEY,
    property_id    TEXT        NOT NULL,
    room_type_id   TEXT        NOT NULL,
    check_in       DATE        NOT NULL,
    check_out      DATE        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'held',
    expires_at     TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX inventory_holds_expiry_idx ON inventory_holds (expires_at) WHERE status = 'held';

CREATE TABLE inventory_releases (
    id             BIGSERIAL PRIMARY KEY,
    reservation_id UUID        NOT NULL UNIQUE,
    reason         TEXT        NOT NULL,
    released_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE inventory_adjustments (
    adjustment_ref TEXT NOT NULL,
    property_id    TEXT NOT NULL,
    room_type_id   TEXT NOT NULL,
    stay_date      DATE NOT NULL,
    delta          INT  NOT NULL,
    actor          TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (adjustment_ref, property_id, room_type_id, stay_date)
);
