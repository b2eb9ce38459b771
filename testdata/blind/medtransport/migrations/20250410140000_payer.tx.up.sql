CREATE TABLE preauth_requests (
    id            uuid PRIMARY KEY,
    ride_id       uuid        NOT NULL UNIQUE REFERENCES rides (id),
    insurer_id    text        NOT NULL,
    partner_ref   text,
    status        text        NOT NULL,
    requested_at  timestamptz NOT NULL
);

CREATE TABLE preauth_decisions (
    decision_id  text PRIMARY KEY,
    ride_id      uuid        NOT NULL REFERENCES rides (id),
    outcome      text        NOT NULL,
    auth_number  text,
    reason       text,
    received_at  timestamptz NOT NULL
);

CREATE TABLE copays (
    id                        uuid PRIMARY KEY,
    trip_id                   uuid        NOT NULL UNIQUE REFERENCES trips (id),
    amount_cents              bigint      NOT NULL,
    status                    text        NOT NULL,
    stripe_payment_intent_id  text,
    refund_status             text        NOT NULL DEFAULT 'none',
    refund_cents              bigint      NOT NULL DEFAULT 0,
    stripe_refund_id          text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id      text PRIMARY KEY,
    type          text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_call_log (
    id           uuid PRIMARY KEY,
    partner      text        NOT NULL,
    method       text        NOT NULL,
    path         text        NOT NULL,
    attempt      integer     NOT NULL,
    status_code  integer,
    logged_at    timestamptz NOT NULL DEFAULT now()
);
