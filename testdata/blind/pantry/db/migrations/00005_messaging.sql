-- +goose Up
CREATE TABLE inbox (
    consumer     text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE outbox_events (
    id           uuid PRIMARY KEY,
    retailer_id  text NOT NULL,
    order_id     uuid NOT NULL,
    type         text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz
);

CREATE TABLE stock_levels (
    store_id   text NOT NULL,
    sku        text NOT NULL,
    on_hand    int NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, sku)
);

-- Audit of the periodic expiry sweep; one row per run attempt.
CREATE TABLE expiry_runs (
    id         text PRIMARY KEY,
    cutoff     timestamptz NOT NULL,
    expired    int NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE expiry_runs;
DROP TABLE stock_levels;
DROP TABLE outbox_events;
DROP TABLE inbox;
