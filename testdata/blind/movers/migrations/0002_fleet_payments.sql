-- 0002_fleet_payments.sql: truck rentals, deposits, invoices

CREATE TABLE truck_reservations (
    id                      UUID PRIMARY KEY,
    booking_id              UUID        NOT NULL REFERENCES bookings (id),
    partner_reservation_id  TEXT        NOT NULL UNIQUE,
    reservation_ref         TEXT        NOT NULL,
    truck_class             TEXT        NOT NULL,
    pickup_at               TIMESTAMPTZ NOT NULL,
    return_at               TIMESTAMPTZ NOT NULL,
    days                    INT         NOT NULL,
    status                  TEXT        NOT NULL DEFAULT 'reserved',
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX truck_reservations_booking_idx ON truck_reservations (booking_id);

CREATE TABLE truck_assignments (
    partner_reservation_id  TEXT PRIMARY KEY,
    truck_unit              TEXT        NOT NULL,
    plate                   TEXT        NOT NULL,
    depot                   TEXT        NOT NULL,
    assigned_at             TIMESTAMPTZ NOT NULL
);

CREATE TABLE truck_extensions (
    id                      BIGSERIAL PRIMARY KEY,
    reservation_id          UUID        NOT NULL REFERENCES truck_reservations (id),
    partner_extension_id    TEXT,
    extra_days              INT         NOT NULL,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE mileage_records (
    id                      BIGSERIAL PRIMARY KEY,
    partner_reservation_id  TEXT        NOT NULL,
    odometer_out            INT         NOT NULL,
    odometer_in             INT         NOT NULL,
    fuel_level              TEXT,
    returned_at             TIMESTAMPTZ NOT NULL
);

CREATE TABLE overage_charges (
    id                      UUID PRIMARY KEY,
    partner_reservation_id  TEXT        NOT NULL,
    fleet_event_id          TEXT        NOT NULL UNIQUE,
    amount_cents            BIGINT      NOT NULL,
    provider_charge_id      TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Card charges tied to a booking (deposit, cancellation fees...).
CREATE TABLE payment_intents (
    id                  UUID PRIMARY KEY,
    booking_id          UUID        NOT NULL REFERENCES bookings (id),
    purpose             TEXT        NOT NULL,
    amount_cents        BIGINT      NOT NULL,
    currency            TEXT        NOT NULL DEFAULT 'usd',
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_charge_id  TEXT,
    refunded_cents      BIGINT      NOT NULL DEFAULT 0,
    provider_refund_id  TEXT,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (booking_id, purpose)
);
CREATE INDEX payment_intents_charge_idx ON payment_intents (provider_charge_id);

CREATE TABLE invoices (
    id                     UUID PRIMARY KEY,
    booking_id             UUID        NOT NULL UNIQUE REFERENCES bookings (id),
    customer_id            UUID        NOT NULL REFERENCES customers (id),
    subtotal_cents         BIGINT      NOT NULL,
    deposit_applied_cents  BIGINT      NOT NULL DEFAULT 0,
    total_due_cents        BIGINT      NOT NULL,
    status                 TEXT        NOT NULL DEFAULT 'open',
    sent_at                TIMESTAMPTZ,
    paid_at                TIMESTAMPTZ,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE invoice_lines (
    id            BIGSERIAL PRIMARY KEY,
    invoice_id    UUID   NOT NULL REFERENCES invoices (id),
    description   TEXT   NOT NULL,
    amount_cents  BIGINT NOT NULL
);

CREATE TABLE invoice_payments (
    id                  UUID PRIMARY KEY,
    invoice_id          UUID        NOT NULL UNIQUE REFERENCES invoices (id),
    amount_cents        BIGINT      NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_charge_id  TEXT,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Webhook / queue events already applied, per source.
CREATE TABLE processed_events (
    source        TEXT        NOT NULL,
    event_id      TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);
