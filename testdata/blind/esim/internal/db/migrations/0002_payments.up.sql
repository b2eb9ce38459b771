CREATE TABLE payment_attempts (
    id             uuid PRIMARY KEY,
    order_id       uuid NOT NULL,
    kind           text NOT NULL,
    psp_reference  text,
    status         text NOT NULL,
    amount_minor   bigint NOT NULL,
    currency       char(3) NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payment_attempts_order_kind_key UNIQUE (order_id, kind)
);

CREATE TABLE payment_events (
    psp_reference  text NOT NULL,
    event_code     text NOT NULL,
    order_id       uuid NOT NULL,
    success        boolean NOT NULL,
    amount_minor   bigint NOT NULL,
    currency       char(3) NOT NULL,
    reason         text NOT NULL DEFAULT '',
    received_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (psp_reference, event_code)
);

CREATE TABLE refunds (
    id             uuid PRIMARY KEY,
    order_id       uuid NOT NULL REFERENCES orders (id),
    amount_minor   bigint NOT NULL CHECK (amount_minor > 0),
    currency       char(3) NOT NULL,
    reason         text NOT NULL,
    status         text NOT NULL,
    psp_reference  text,
    requested_by   text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refunds_order_idx ON refunds (order_id);
