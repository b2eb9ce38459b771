-- POS partner integration.

CREATE TABLE booking_spend (
    id             TEXT PRIMARY KEY,
    booking_id     TEXT        NOT NULL REFERENCES bookings (id),
    restaurant_id  TEXT        NOT NULL REFERENCES restaurants (id),
    pos_check_id   TEXT        NOT NULL,
    subtotal_cents BIGINT      NOT NULL,
    tip_cents      BIGINT      NOT NULL,
    closed_at      TIMESTAMPTZ NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX booking_spend_restaurant_closed_idx ON booking_spend (restaurant_id, closed_at);

CREATE TABLE pos_reservation_links (
    pos_reservation_id TEXT PRIMARY KEY,
    booking_id         TEXT        NOT NULL REFERENCES bookings (id),
    location_id        TEXT        NOT NULL,
    acked_at           TIMESTAMPTZ NOT NULL
);
