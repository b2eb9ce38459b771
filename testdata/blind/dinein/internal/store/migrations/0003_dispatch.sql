-- Courier dispatch through the delivery partner.

CREATE TABLE dispatch_requests (
    id                    uuid PRIMARY KEY,
    order_id              uuid        NOT NULL REFERENCES orders(id),
    attempt               integer     NOT NULL,
    partner_delivery_id   text        UNIQUE,
    status                text        NOT NULL DEFAULT 'requested',
    quoted_fee_cents      bigint,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, attempt)
);

CREATE TABLE courier_events (
    event_id      text PRIMARY KEY,
    delivery_id   text        NOT NULL,
    event_type    text        NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE courier_wallets (
    courier_id      text PRIMARY KEY,
    balance_cents   bigint      NOT NULL DEFAULT 0,
    deliveries      integer     NOT NULL DEFAULT 0,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id            uuid PRIMARY KEY,
    channel       text        NOT NULL,
    recipient     text        NOT NULL,
    template      text        NOT NULL,
    body          text        NOT NULL,
    dedupe_key    text        NOT NULL UNIQUE,
    status        text        NOT NULL DEFAULT 'queued',
    provider_ref  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    sent_at       timestamptz
);
