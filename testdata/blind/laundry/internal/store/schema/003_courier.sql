CREATE TABLE IF NOT EXISTS courier_bookings (
    id                 UUID PRIMARY KEY,
    order_id           UUID NOT NULL REFERENCES orders (id),
    leg                TEXT NOT NULL,
    reference          TEXT NOT NULL UNIQUE,
    partner_booking_id TEXT UNIQUE,
    status             TEXT NOT NULL,
    window_from        TIMESTAMPTZ NOT NULL,
    window_to          TIMESTAMPTZ NOT NULL,
    driver_name        TEXT,
    driver_id          TEXT,
    tracking_url       TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (order_id, leg)
);

CREATE TABLE IF NOT EXISTS driver_tips (
    order_id     UUID PRIMARY KEY REFERENCES orders (id),
    driver_id    TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    paid_out_at  TIMESTAMPTZ,
    payout_ref   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
