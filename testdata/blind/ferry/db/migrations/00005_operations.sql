-- +goose Up
CREATE TABLE checkins (
    passenger_id  uuid NOT NULL REFERENCES passengers (id),
    sailing_id    uuid NOT NULL REFERENCES sailings (id),
    desk          text NOT NULL,
    checked_in_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (passenger_id, sailing_id)
);

CREATE TABLE boarding_passes (
    id           uuid PRIMARY KEY,
    passenger_id uuid NOT NULL REFERENCES passengers (id),
    sailing_id   uuid NOT NULL REFERENCES sailings (id),
    booking_id   uuid NOT NULL REFERENCES bookings (id),
    barcode      text NOT NULL UNIQUE,
    status       text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'sent', 'void')),
    sent_at      timestamptz,
    issued_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (passenger_id, sailing_id)
);

CREATE TABLE boarding_pass_deliveries (
    boarding_pass_id    uuid NOT NULL REFERENCES boarding_passes (id),
    channel             text NOT NULL CHECK (channel IN ('sms', 'email', 'wallet')),
    provider_message_id text NOT NULL,
    delivered_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (boarding_pass_id, channel)
);

CREATE TABLE manifest_submissions (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    sailing_id          uuid NOT NULL REFERENCES sailings (id),
    version             integer NOT NULL,
    authority_reference text NOT NULL,
    passenger_count     integer NOT NULL,
    vehicle_count       integer NOT NULL,
    submitted_at        timestamptz NOT NULL,
    UNIQUE (sailing_id, version)
);

CREATE TABLE manifest_amendments (
    id                     uuid PRIMARY KEY,
    sailing_id             uuid NOT NULL REFERENCES sailings (id),
    passenger_id           uuid NOT NULL REFERENCES passengers (id),
    authority_reference    text NOT NULL,
    authority_amendment_id text NOT NULL,
    created_at             timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE manifest_amendments;
DROP TABLE manifest_submissions;
DROP TABLE boarding_pass_deliveries;
DROP TABLE boarding_passes;
DROP TABLE checkins;
