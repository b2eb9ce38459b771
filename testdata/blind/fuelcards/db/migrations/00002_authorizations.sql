-- +goose Up
CREATE TABLE authorizations (
    network_auth_id   text PRIMARY KEY,
    card_id           uuid        NOT NULL REFERENCES cards (id),
    merchant_id       text        NOT NULL,
    mcc               text        NOT NULL,
    amount_cents      bigint      NOT NULL,
    decision          text        NOT NULL CHECK (decision IN ('approved', 'declined')),
    decline_reason    text,
    decided_at        timestamptz NOT NULL DEFAULT now(),
    settled_at        timestamptz,
    settled_cents     bigint
);

CREATE INDEX authorizations_card_time_idx ON authorizations (card_id, decided_at DESC);

-- Raw log of every webhook delivery we receive, one row per delivery.
CREATE TABLE webhook_deliveries (
    id           uuid PRIMARY KEY,
    source       text        NOT NULL,
    event_id     text        NOT NULL,
    event_type   text        NOT NULL,
    payload      jsonb       NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (source, event_id);

CREATE TABLE processed_webhooks (
    source        text        NOT NULL,
    event_id      text        NOT NULL,
    response      jsonb       NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

CREATE TABLE card_events (
    network_event_id  text PRIMARY KEY,
    card_id           uuid        NOT NULL REFERENCES cards (id),
    event_type        text        NOT NULL,
    occurred_at       timestamptz NOT NULL,
    received_at       timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE card_events;
DROP TABLE processed_webhooks;
DROP TABLE webhook_deliveries;
DROP TABLE authorizations;
