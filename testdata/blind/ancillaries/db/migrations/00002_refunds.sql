-- +goose Up
CREATE TABLE refunds (
    id                  UUID PRIMARY KEY,
    order_id            UUID NOT NULL REFERENCES ancillary_orders (id),
    order_item_id       UUID NOT NULL UNIQUE REFERENCES order_items (id),
    amount              BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    reason              TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'requested',
    stripe_refund_id    TEXT UNIQUE,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE travel_credits (
    id              UUID PRIMARY KEY,
    pnr             TEXT NOT NULL,
    passenger_ref   TEXT NOT NULL,
    amount          BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    item_count      INT NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX travel_credits_pnr_idx ON travel_credits (pnr);

CREATE TABLE flight_disruptions (
    event_id        TEXT PRIMARY KEY,
    flight_id       TEXT NOT NULL,
    kind            TEXT NOT NULL,
    item_count      INT NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE consumer_inbox (
    consumer        TEXT NOT NULL,
    message_id      TEXT NOT NULL,
    processed_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

-- +goose Down
DROP TABLE consumer_inbox;
DROP TABLE flight_disruptions;
DROP TABLE travel_credits;
DROP TABLE refunds;
