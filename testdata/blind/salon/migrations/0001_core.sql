-- Salons, stylists, clients and the service menu.

CREATE TABLE salons (
    id          uuid PRIMARY KEY,
    name        text        NOT NULL,
    timezone    text        NOT NULL DEFAULT 'Europe/London',
    sms_sender  text        NOT NULL DEFAULT 'Salon',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stylists (
    id                 uuid PRIMARY KEY,
    salon_id           uuid        NOT NULL REFERENCES salons (id),
    display_name       text        NOT NULL,
    email              text        NOT NULL,
    phone              text        NOT NULL DEFAULT '',
    is_freelance       boolean     NOT NULL DEFAULT false,
    commission_bps     integer     NOT NULL DEFAULT 4000 CHECK (commission_bps BETWEEN 0 AND 10000),
    payout_account_id  text,
    active             boolean     NOT NULL DEFAULT true,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clients (
    id           uuid PRIMARY KEY,
    email        text        NOT NULL,
    phone        text        NOT NULL DEFAULT '',
    full_name    text        NOT NULL,
    referred_by  uuid        REFERENCES clients (id),
    card_customer_id text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX clients_email_uq ON clients (lower(email));

CREATE TABLE salon_services (
    id                uuid PRIMARY KEY,
    salon_id          uuid    NOT NULL REFERENCES salons (id),
    name              text    NOT NULL,
    duration_minutes  integer NOT NULL CHECK (duration_minutes > 0),
    price_cents       bigint  NOT NULL CHECK (price_cents >= 0),
    deposit_cents     bigint  NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0),
    no_show_fee_cents bigint  NOT NULL DEFAULT 0 CHECK (no_show_fee_cents >= 0),
    active            boolean NOT NULL DEFAULT true
);

CREATE TABLE appointments (
    id                    uuid PRIMARY KEY,
    salon_id              uuid        NOT NULL REFERENCES salons (id),
    stylist_id            uuid        NOT NULL REFERENCES stylists (id),
    client_id             uuid        NOT NULL REFERENCES clients (id),
    service_id            uuid        NOT NULL REFERENCES salon_services (id),
    starts_at             timestamptz NOT NULL,
    ends_at               timestamptz NOT NULL,
    status                text        NOT NULL DEFAULT 'booked'
        CHECK (status IN ('booked', 'confirmed', 'completed', 'cancelled', 'no_show')),
    price_cents           bigint      NOT NULL,
    deposit_cents         bigint      NOT NULL DEFAULT 0,
    no_show_fee_cents     bigint      NOT NULL DEFAULT 0,
    payment_method_id     text,
    notes                 text        NOT NULL DEFAULT '',
    confirmed_at          timestamptz,
    completed_at          timestamptz,
    cancelled_at          timestamptz,
    cancel_reason         text,
    commission_accrued_at timestamptz,
    settled_at            timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

-- A stylist cannot hold two live bookings that start at the same instant.
CREATE UNIQUE INDEX appointments_stylist_slot_uq
    ON appointments (stylist_id, starts_at)
    WHERE status IN ('booked', 'confirmed');

CREATE INDEX appointments_starts_at_idx ON appointments (starts_at) WHERE status IN ('booked', 'confirmed');

CREATE TABLE waitlist_entries (
    id             uuid PRIMARY KEY,
    salon_id       uuid        NOT NULL REFERENCES salons (id),
    client_id      uuid        NOT NULL REFERENCES clients (id),
    service_id     uuid        NOT NULL REFERENCES salon_services (id),
    stylist_id     uuid        REFERENCES stylists (id),
    preferred_date date        NOT NULL,
    status         text        NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'expired')),
    offered_appointment_id uuid,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX waitlist_entries_lookup_idx ON waitlist_entries (salon_id, preferred_date, status);

-- Client-supplied Idempotency-Key values for API writes.
CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    request_hash  text        NOT NULL,
    resource_id   text,
    response_code integer,
    response_body jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
