-- migrate:up
CREATE TABLE refunds (
    id              uuid PRIMARY KEY,
    order_id        uuid        NOT NULL REFERENCES orders (id),
    operation_key   text        NOT NULL UNIQUE,
    reason          text        NOT NULL,
    amount_pence    bigint      NOT NULL CHECK (amount_pence > 0),
    status          text        NOT NULL DEFAULT 'pending',
    processor_ref   text,
    requested_by    text        NOT NULL,
    failure_reason  text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_pending_idx ON refunds (created_at) WHERE status = 'pending';

-- migrate:down
DROP TABLE refunds;
