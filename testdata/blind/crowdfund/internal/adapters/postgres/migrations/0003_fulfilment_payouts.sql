-- +migrate Up
CREATE TABLE pickups (
    id                 uuid PRIMARY KEY,
    campaign_id        uuid NOT NULL REFERENCES campaigns(id),
    carrier_pickup_id  text NOT NULL,
    pickup_date        date NOT NULL,
    parcels            integer NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipments (
    id                   uuid PRIMARY KEY,
    pledge_id            uuid NOT NULL UNIQUE REFERENCES pledges(id),
    campaign_id          uuid NOT NULL REFERENCES campaigns(id),
    carrier_shipment_id  text NOT NULL UNIQUE,
    tracking_number      text NOT NULL,
    label_url            text NOT NULL,
    status               text NOT NULL DEFAULT 'booked',
    return_label_id      text,
    return_label_url     text,
    pickup_id            uuid REFERENCES pickups(id),
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipment_events (
    carrier_event_id     text PRIMARY KEY,
    carrier_shipment_id  text NOT NULL,
    status               text NOT NULL,
    detail               text NOT NULL DEFAULT '',
    occurred_at          timestamptz NOT NULL,
    received_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id            uuid PRIMARY KEY,
    campaign_id   uuid NOT NULL UNIQUE REFERENCES campaigns(id),
    amount_cents  bigint NOT NULL,
    fee_cents     bigint NOT NULL,
    currency      char(3) NOT NULL,
    status        text NOT NULL DEFAULT 'pending',
    end_to_end_id text,
    transfer_ref  text UNIQUE,
    submitted_at  timestamptz,
    settled_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id           text PRIMARY KEY,
    campaign_id  uuid NOT NULL REFERENCES campaigns(id),
    payout_id    uuid REFERENCES payouts(id),
    kind         text NOT NULL,
    amount_cents bigint NOT NULL,
    memo         text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_campaign_idx ON ledger_entries (campaign_id, created_at);

CREATE TABLE notifications (
    id                  uuid PRIMARY KEY,
    template            text NOT NULL,
    ref                 text NOT NULL,
    recipient           text NOT NULL,
    subject             text NOT NULL,
    data                jsonb NOT NULL DEFAULT '{}',
    sent_at             timestamptz,
    provider_message_id text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (template, ref, recipient)
);

CREATE TABLE webhook_events (
    provider     text NOT NULL,
    event_id     text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
