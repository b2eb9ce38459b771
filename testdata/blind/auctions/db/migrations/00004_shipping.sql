-- +goose Up
CREATE TABLE shipments (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL UNIQUE REFERENCES orders(id),
    carrier_label_id TEXT NOT NULL,
    tracking_number  TEXT NOT NULL,
    service_level    TEXT NOT NULL,
    label_url        TEXT NOT NULL,
    rate_cents       BIGINT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'label_created',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tracking_events (
    carrier_event_id  TEXT PRIMARY KEY,
    tracking_number   TEXT NOT NULL,
    status            TEXT NOT NULL,
    occurred_at       TIMESTAMPTZ NOT NULL,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE insurance_policies (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders(id),
    policy_number    TEXT NOT NULL,
    insured_cents    BIGINT NOT NULL,
    premium_cents    BIGINT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE insurance_policies;
DROP TABLE tracking_events;
DROP TABLE shipments;
