-- Routes, deliveries, proof of delivery and crate tracking.

CREATE TABLE routes (
    id          uuid PRIMARY KEY,
    route_date  date NOT NULL,
    van_code    text NOT NULL,
    driver_name text NOT NULL DEFAULT '',
    status      text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'dispatched', 'closed')),
    dispatched_at timestamptz,
    UNIQUE (route_date, van_code)
);

CREATE TABLE deliveries (
    id             uuid PRIMARY KEY,
    order_id       uuid NOT NULL UNIQUE REFERENCES orders (id),
    route_id       uuid NOT NULL REFERENCES routes (id),
    stop_seq       integer NOT NULL,
    status         text NOT NULL DEFAULT 'scheduled'
                   CHECK (status IN ('scheduled', 'out_for_delivery', 'delivered', 'failed', 'rescheduled')),
    dispatched_at  timestamptz,
    delivered_at   timestamptz,
    failed_reason  text,
    notified_at    timestamptz,
    UNIQUE (route_id, stop_seq)
);

CREATE TABLE proof_of_delivery (
    delivery_id   uuid PRIMARY KEY REFERENCES deliveries (id),
    received_by   text NOT NULL,
    signature_url text NOT NULL DEFAULT '',
    photo_url     text NOT NULL DEFAULT '',
    latitude      double precision,
    longitude     double precision,
    delivered_at  timestamptz NOT NULL,
    recorded_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE delivery_reschedules (
    delivery_id   uuid PRIMARY KEY REFERENCES deliveries (id),
    new_date      date NOT NULL,
    reason        text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crate_balances (
    customer_id uuid PRIMARY KEY REFERENCES customers (id),
    crates_out  integer NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Messages from the DELIVERIES stream that have been applied, per consumer.
CREATE TABLE processed_messages (
    consumer     text NOT NULL,
    msg_id       text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, msg_id)
);
