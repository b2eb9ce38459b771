-- +goose Up
CREATE TABLE refund_requests (
    id                uuid PRIMARY KEY,
    charge_id         uuid        NOT NULL REFERENCES ride_charges (id),
    rider_id          uuid        NOT NULL REFERENCES riders (id),
    amount_cents      bigint      NOT NULL,
    reason            text        NOT NULL,
    status            text        NOT NULL DEFAULT 'requested',
    stripe_refund_id  text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    processed_at      timestamptz
);

-- +goose Down
DROP TABLE refund_requests;
