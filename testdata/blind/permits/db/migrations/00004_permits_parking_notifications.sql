-- +goose Up
CREATE TABLE permits (
    id              uuid PRIMARY KEY,
    application_id  text        NOT NULL REFERENCES applications (id),
    permit_number   text        NOT NULL,
    kind            text        NOT NULL,
    status          text        NOT NULL DEFAULT 'active',
    valid_from      date        NOT NULL,
    valid_until     date        NOT NULL,
    issued_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT permits_application_key UNIQUE (application_id),
    CONSTRAINT permits_number_key UNIQUE (permit_number)
);

CREATE SEQUENCE permit_number_seq START 100000;

CREATE TABLE parking_permits (
    id              text PRIMARY KEY,
    resident_id     uuid        NOT NULL REFERENCES residents (id),
    permit_id       uuid        REFERENCES permits (id),
    zone            text        NOT NULL,
    plate           text        NOT NULL,
    status          text        NOT NULL DEFAULT 'active',
    valid_until     date        NOT NULL,
    renewal_count   integer     NOT NULL DEFAULT 0,
    annual_fee_cents bigint     NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX parking_permits_zone_plate_key ON parking_permits (zone, upper(plate)) WHERE status = 'active';

CREATE TABLE parking_renewals (
    id                 text PRIMARY KEY,
    parking_permit_id  text        NOT NULL REFERENCES parking_permits (id),
    period_start       date        NOT NULL,
    amount_cents       bigint      NOT NULL,
    payment_intent_id  text,
    status             text        NOT NULL DEFAULT 'pending_payment',
    requested_by       uuid        NOT NULL,
    paid_at            timestamptz,
    applied_at         timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT parking_renewals_period_key UNIQUE (parking_permit_id, period_start)
);

CREATE UNIQUE INDEX parking_renewals_intent_key ON parking_renewals (payment_intent_id) WHERE payment_intent_id IS NOT NULL;

CREATE TABLE notifications (
    id                   uuid PRIMARY KEY,
    ref                  text        NOT NULL,
    resident_id          uuid        NOT NULL REFERENCES residents (id),
    application_id       text,
    channel              text        NOT NULL CHECK (channel IN ('sms', 'email')),
    template             text        NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_message_id  text,
    delivery_status      text,
    attempts             integer     NOT NULL DEFAULT 0,
    sent_at              timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_ref_key UNIQUE (ref)
);

CREATE INDEX notifications_provider_message_idx ON notifications (provider_message_id) WHERE provider_message_id IS NOT NULL;

CREATE TABLE renewal_reminders (
    id                 uuid PRIMARY KEY,
    parking_permit_id  text        NOT NULL REFERENCES parking_permits (id),
    cycle              date        NOT NULL,
    status             text        NOT NULL DEFAULT 'pending',
    provider_message_id text,
    sent_at            timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT renewal_reminders_cycle_key UNIQUE (parking_permit_id, cycle)
);

-- +goose Down
DROP TABLE renewal_reminders;
DROP TABLE notifications;
DROP TABLE parking_renewals;
DROP TABLE parking_permits;
DROP SEQUENCE permit_number_seq;
DROP TABLE permits;
