-- Partners, shipments, reservations and parcels.

CREATE TABLE partners (
    id                   text PRIMARY KEY,
    name                 text        NOT NULL,
    webhook_url          text,
    webhook_secret       text,
    billing_customer_id  text        NOT NULL,
    fee_per_parcel_cents bigint      NOT NULL,
    return_fee_cents     bigint      NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_fee_overrides (
    id          bigserial PRIMARY KEY,
    partner_id  text        NOT NULL REFERENCES partners (id),
    fee_cents   bigint      NOT NULL,
    valid_from  date        NOT NULL,
    reason      text        NOT NULL,
    created_by  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    id               uuid PRIMARY KEY,
    partner_id       text        NOT NULL REFERENCES partners (id),
    external_ref     text        NOT NULL,
    locker_id        text        NOT NULL REFERENCES lockers (id),
    recipient_name   text        NOT NULL,
    recipient_phone  text        NOT NULL,
    size             text        NOT NULL,
    status           text        NOT NULL DEFAULT 'announced',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (partner_id, external_ref)
);

CREATE TABLE reservations (
    id              text PRIMARY KEY,
    courier_id      text        NOT NULL,
    compartment_id  text        NOT NULL REFERENCES compartments (id),
    shipment_id     uuid        NOT NULL REFERENCES shipments (id),
    status          text        NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active','completed','cancelled','expired')),
    expires_at      timestamptz NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX reservations_active_compartment ON reservations (compartment_id) WHERE status = 'active';

CREATE TABLE parcels (
    id                 text PRIMARY KEY,
    shipment_id        uuid        NOT NULL UNIQUE REFERENCES shipments (id),
    reservation_id     text        NOT NULL UNIQUE REFERENCES reservations (id),
    compartment_id     text        NOT NULL REFERENCES compartments (id),
    locker_id          text        NOT NULL REFERENCES lockers (id),
    partner_id         text        NOT NULL REFERENCES partners (id),
    barcode            text        NOT NULL,
    status             text        NOT NULL DEFAULT 'deposited'
                       CHECK (status IN ('deposited','collected','return_pending','returned')),
    pickup_code        text        NOT NULL,
    deposited_at       timestamptz NOT NULL,
    door_confirmed_at  timestamptz,
    pickup_deadline    timestamptz NOT NULL,
    collected_at       timestamptz,
    billed_at          timestamptz,
    return_marked_at   timestamptz
);

CREATE INDEX parcels_overdue_idx ON parcels (pickup_deadline) WHERE status = 'deposited';
CREATE INDEX parcels_unbilled_idx ON parcels (partner_id) WHERE status = 'collected' AND billed_at IS NULL;

CREATE TABLE idempotency_keys (
    scope       text        NOT NULL,
    key         text        NOT NULL,
    response    jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE admin_requests (
    key          text PRIMARY KEY,
    route        text        NOT NULL,
    status_code  int         NOT NULL,
    body         bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pickup_extensions (
    id            text PRIMARY KEY,
    parcel_id     text        NOT NULL REFERENCES parcels (id),
    request_id    text        NOT NULL,
    days          int         NOT NULL,
    fee_cents     bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'pending',
    charge_id     text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (parcel_id, request_id)
);

CREATE TABLE pickup_sessions (
    id          uuid PRIMARY KEY,
    parcel_id   text        NOT NULL UNIQUE REFERENCES parcels (id),
    command_id  text        NOT NULL,
    opened_at   timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    parcel_id   text        NOT NULL REFERENCES parcels (id),
    template    text        NOT NULL,
    bucket      text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (parcel_id, template, bucket)
);

CREATE TABLE return_requests (
    id           text PRIMARY KEY,
    shipment_id  uuid        NOT NULL REFERENCES shipments (id),
    partner_id   text        NOT NULL REFERENCES partners (id),
    reason       text        NOT NULL,
    fee_cents    bigint      NOT NULL,
    status       text        NOT NULL DEFAULT 'requested',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE return_bookings (
    id                  text PRIMARY KEY,
    parcel_id           text        NOT NULL UNIQUE REFERENCES parcels (id),
    carrier_booking_id  text,
    pickup_window       tstzrange,
    requested_by        text        NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);
