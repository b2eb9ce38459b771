-- Stay reservations, deposits, add-ons, invoices and refunds.

CREATE TABLE reservations (
    id                  uuid PRIMARY KEY,
    owner_id            uuid NOT NULL REFERENCES owners (id),
    dog_id              uuid NOT NULL REFERENCES dogs (id),
    location_id         text NOT NULL REFERENCES locations (id),
    check_in            date NOT NULL,
    check_out           date NOT NULL,
    nights              integer NOT NULL CHECK (nights > 0),
    nightly_rate_cents  bigint NOT NULL,
    deposit_cents       bigint NOT NULL,
    status              text NOT NULL,
    notes               text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    confirmed_at        timestamptz,
    checked_in_at       timestamptz,
    checked_out_at      timestamptz,
    cancelled_at        timestamptz,
    cancel_reason       text,
    CHECK (check_out > check_in)
);
CREATE INDEX reservations_location_dates_idx ON reservations (location_id, check_in, check_out);
CREATE INDEX reservations_owner_idx ON reservations (owner_id);

CREATE TABLE deposits (
    reservation_id        uuid PRIMARY KEY REFERENCES reservations (id),
    owner_id              uuid NOT NULL REFERENCES owners (id),
    amount_cents          bigint NOT NULL,
    currency              text NOT NULL,
    status                text NOT NULL,
    payment_intent_id     text UNIQUE,
    failure_message       text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE addon_services (
    code         text PRIMARY KEY,
    name         text NOT NULL,
    price_cents  bigint NOT NULL,
    duration_min integer NOT NULL DEFAULT 60,
    active       boolean NOT NULL DEFAULT true
);

CREATE TABLE stay_addons (
    id              uuid PRIMARY KEY,
    reservation_id  uuid NOT NULL REFERENCES reservations (id),
    service_code    text NOT NULL REFERENCES addon_services (code),
    price_cents     bigint NOT NULL,
    scheduled_for   timestamptz,
    notes           text,
    invoice_id      uuid,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stay_addons_reservation_idx ON stay_addons (reservation_id);

CREATE TABLE invoices (
    id                 uuid PRIMARY KEY,
    reservation_id     uuid NOT NULL UNIQUE REFERENCES reservations (id),
    owner_id           uuid NOT NULL REFERENCES owners (id),
    lodging_cents      bigint NOT NULL,
    addons_cents       bigint NOT NULL,
    deposit_applied    bigint NOT NULL,
    loyalty_applied    bigint NOT NULL DEFAULT 0,
    amount_due_cents   bigint NOT NULL,
    currency           text NOT NULL,
    status             text NOT NULL,
    payment_intent_id  text UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz
);

CREATE TABLE refunds (
    id                text PRIMARY KEY,
    reservation_id    uuid NOT NULL UNIQUE REFERENCES reservations (id),
    payment_intent_id text NOT NULL,
    amount_cents      bigint NOT NULL,
    reason            text NOT NULL,
    status            text NOT NULL,
    stripe_refund_id  text UNIQUE,
    failure_message   text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id      text PRIMARY KEY,
    type          text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);
