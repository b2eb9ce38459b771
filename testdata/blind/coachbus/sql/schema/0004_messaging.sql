-- Outbox, inbox, webhooks, HTTP idempotency and read models.

CREATE TABLE outbox_events (
    id            uuid PRIMARY KEY,
    topic         text NOT NULL,
    partition_key text NOT NULL,
    event_type    text NOT NULL,
    payload       jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    published_at  timestamptz
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE processed_messages (
    consumer     text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE stripe_events (
    event_id    text PRIMARY KEY,
    event_type  text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope         text NOT NULL,
    key           text NOT NULL,
    status_code   integer NOT NULL,
    response_body bytea NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE trip_availability (
    trip_id    uuid PRIMARY KEY REFERENCES trips (id),
    seats_held integer NOT NULL DEFAULT 0,
    seats_sold integer NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commission_entries (
    id           uuid PRIMARY KEY,
    partner_id   uuid NOT NULL REFERENCES partners (id),
    booking_id   uuid NOT NULL REFERENCES bookings (id),
    kind         text NOT NULL CHECK (kind IN ('earned', 'reversed')),
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX commission_entries_partner_idx ON commission_entries (partner_id, created_at);

CREATE TABLE loyalty_ledger (
    id          uuid PRIMARY KEY,
    customer_id uuid NOT NULL REFERENCES customers (id),
    booking_id  uuid NOT NULL REFERENCES bookings (id),
    points      integer NOT NULL,
    reason      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification_log (
    id                  uuid PRIMARY KEY,
    booking_id          uuid REFERENCES bookings (id),
    ticket_id           uuid REFERENCES tickets (id),
    channel             text NOT NULL,
    template            text NOT NULL,
    provider_message_id text,
    created_at          timestamptz NOT NULL DEFAULT now()
);
