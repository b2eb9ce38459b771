-- Courier pickups and prior authorization.

CREATE TABLE pickup_requests (
    id                  text PRIMARY KEY,
    site_id             text NOT NULL REFERENCES collection_sites(id),
    requested_by        text NOT NULL,
    idempotency_key     text NOT NULL,
    window_start        timestamptz NOT NULL,
    window_end          timestamptz NOT NULL,
    specimen_count      integer NOT NULL,
    temperature         text NOT NULL DEFAULT 'ambient',
    stat                boolean NOT NULL DEFAULT false,
    status              text NOT NULL DEFAULT 'requested',
    courier_booking_id  text UNIQUE,
    tracking_url        text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (requested_by, idempotency_key)
);

CREATE TABLE courier_events (
    provider_event_id   text PRIMARY KEY,
    booking_id          text NOT NULL,
    status              text NOT NULL,
    occurred_at         timestamptz NOT NULL,
    received_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE prior_auths (
    order_id        text PRIMARY KEY REFERENCES orders(id),
    payer_id        text NOT NULL,
    payer_ref       text UNIQUE,
    status          text NOT NULL,
    detail          jsonb,
    checked_at      timestamptz NOT NULL,
    decided_at      timestamptz
);
