CREATE TABLE bookings (
    id                 UUID PRIMARY KEY,
    hold_id            UUID        NOT NULL UNIQUE REFERENCES seat_holds (id),
    trip_id            TEXT        NOT NULL REFERENCES trips (id),
    customer_id        TEXT        NOT NULL,
    contact_email      TEXT        NOT NULL,
    contact_phone      TEXT        NOT NULL DEFAULT '',
    loyalty_member_id  TEXT        NOT NULL DEFAULT '',
    fare_class         TEXT        NOT NULL DEFAULT 'standard',
    status             TEXT        NOT NULL,
    total_cents        BIGINT      NOT NULL,
    refunded_cents     BIGINT      NOT NULL DEFAULT 0,
    currency           TEXT        NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    cancelled_at       TIMESTAMPTZ
);

CREATE INDEX bookings_trip_status_idx ON bookings (trip_id, status);

-- Caller-supplied idempotency keys for HTTP write endpoints.
CREATE TABLE idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    request_hash   TEXT        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'started',
    resource_id    TEXT        NOT NULL DEFAULT '',
    response_code  INTEGER     NOT NULL DEFAULT 0,
    response_body  JSONB,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at   TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

CREATE TABLE payments (
    id                        UUID PRIMARY KEY,
    booking_id                UUID        NOT NULL REFERENCES bookings (id),
    stripe_payment_intent_id  TEXT UNIQUE,
    amount_cents              BIGINT      NOT NULL,
    currency                  TEXT        NOT NULL,
    status                    TEXT        NOT NULL,
    client_secret             TEXT        NOT NULL DEFAULT '',
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    captured_at               TIMESTAMPTZ
);

CREATE INDEX payments_booking_idx ON payments (booking_id);

CREATE TABLE refunds (
    id                UUID PRIMARY KEY,
    booking_id        UUID        NOT NULL REFERENCES bookings (id),
    payment_id        UUID        NOT NULL REFERENCES payments (id),
    amount_cents      BIGINT      NOT NULL,
    reason            TEXT        NOT NULL,
    stripe_refund_id  TEXT UNIQUE,
    status            TEXT        NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX refunds_booking_idx ON refunds (booking_id);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    type         TEXT        NOT NULL,
    payload      JSONB       NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
