CREATE TABLE clinics (
    id                  uuid PRIMARY KEY,
    name                text        NOT NULL,
    notice_channel      text        NOT NULL DEFAULT 'email',
    notice_address      text        NOT NULL,
    monthly_trip_quota  integer     NOT NULL DEFAULT 0,
    trips_used          integer     NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE patients (
    id                  uuid PRIMARY KEY,
    clinic_id           uuid        NOT NULL REFERENCES clinics (id),
    full_name           text        NOT NULL,
    phone               text,
    insurer_id          text,
    member_id           text,
    private_pay         boolean     NOT NULL DEFAULT false,
    stripe_customer_id  text,
    payment_method_id   text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rides (
    id               uuid PRIMARY KEY,
    clinic_id        uuid        NOT NULL REFERENCES clinics (id),
    patient_id       uuid        NOT NULL REFERENCES patients (id),
    client_ref       text,
    pickup_address   text        NOT NULL,
    dropoff_address  text        NOT NULL,
    pickup_at        timestamptz NOT NULL,
    mobility         text        NOT NULL DEFAULT 'ambulatory',
    status           text        NOT NULL,
    auth_number      text,
    cancel_reason    text,
    cancelled_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rides_clinic_pickup_idx ON rides (clinic_id, pickup_at);
CREATE INDEX rides_client_ref_idx ON rides (clinic_id, client_ref);

CREATE TABLE drivers (
    id                 uuid PRIMARY KEY,
    full_name          text    NOT NULL,
    phone              text    NOT NULL,
    kind               text    NOT NULL, -- contracted | volunteer
    payout_account_id  text,
    active             boolean NOT NULL DEFAULT true
);

CREATE TABLE driver_shifts (
    id              uuid PRIMARY KEY,
    driver_id       uuid        NOT NULL REFERENCES drivers (id),
    shift_date      date        NOT NULL,
    vehicle_id      text        NOT NULL,
    odometer_start  integer     NOT NULL,
    odometer_end    integer,
    status          text        NOT NULL,
    checked_in_at   timestamptz NOT NULL,
    checked_out_at  timestamptz,
    UNIQUE (driver_id, shift_date)
);

CREATE TABLE trips (
    id                      uuid PRIMARY KEY,
    ride_id                 uuid        NOT NULL UNIQUE REFERENCES rides (id),
    clinic_id               uuid        NOT NULL REFERENCES clinics (id),
    driver_id               uuid REFERENCES drivers (id),
    status                  text        NOT NULL,
    miles                   numeric(8, 2),
    fare_cents              bigint      NOT NULL DEFAULT 0,
    amount_collected_cents  bigint      NOT NULL DEFAULT 0,
    billing_status          text        NOT NULL DEFAULT 'unbilled',
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE trip_status_history (
    trip_id      uuid        NOT NULL REFERENCES trips (id),
    status       text        NOT NULL,
    occurred_at  timestamptz NOT NULL,
    PRIMARY KEY (trip_id, status)
);

CREATE TABLE mileage_logs (
    id          uuid PRIMARY KEY,
    driver_id   uuid        NOT NULL REFERENCES drivers (id),
    shift_id    uuid        NOT NULL UNIQUE REFERENCES driver_shifts (id),
    miles       integer     NOT NULL,
    rate_cents  integer     NOT NULL,
    payout_id   uuid,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id            uuid PRIMARY KEY,
    subject       text        NOT NULL,
    payload       jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    published_at  timestamptz
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE processed_messages (
    consumer      text        NOT NULL,
    message_id    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE clinic_notifications (
    id                   uuid PRIMARY KEY,
    clinic_id            uuid        NOT NULL REFERENCES clinics (id),
    trip_id              uuid        NOT NULL,
    kind                 text        NOT NULL,
    provider_message_id  text,
    sent_at              timestamptz NOT NULL
);
