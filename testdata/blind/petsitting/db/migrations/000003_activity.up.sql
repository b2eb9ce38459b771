CREATE TABLE walk_checkins (
    id              uuid PRIMARY KEY,
    booking_id      uuid NOT NULL REFERENCES bookings (id),
    sitter_id       uuid NOT NULL REFERENCES sitters (id),
    kind            text NOT NULL CHECK (kind IN ('start', 'ping', 'end')),
    lat             double precision NOT NULL,
    lng             double precision NOT NULL,
    recorded_at     timestamptz NOT NULL,
    client_event_id text,
    note            text,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX walk_checkins_booking_idx ON walk_checkins (booking_id, recorded_at);

CREATE TABLE reviews (
    booking_id uuid PRIMARY KEY REFERENCES bookings (id),
    owner_id   uuid NOT NULL REFERENCES owners (id),
    sitter_id  uuid NOT NULL REFERENCES sitters (id),
    stars      smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
    body       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_code_uses (
    id         bigserial PRIMARY KEY,
    booking_id uuid NOT NULL REFERENCES bookings (id),
    lock_id    text NOT NULL,
    used_at    timestamptz NOT NULL
);

CREATE TABLE partner_events (
    provider    text NOT NULL,
    event_id    text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE api_idempotency_keys (
    account_id  uuid NOT NULL,
    key         text NOT NULL,
    method      text NOT NULL,
    path        text NOT NULL,
    status_code integer NOT NULL,
    body        bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, key)
);
