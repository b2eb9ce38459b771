-- +goose Up
CREATE TABLE faults (
    id                uuid PRIMARY KEY,
    machine_id        uuid NOT NULL REFERENCES machines (id),
    code              text NOT NULL,
    severity          text NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
    detail            text NOT NULL DEFAULT '',
    status            text NOT NULL CHECK (status IN ('open', 'dispatched', 'resolved')),
    technician_phone  text,
    reported_at       timestamptz NOT NULL,
    dispatched_at     timestamptz,
    resolved_at       timestamptz
);
CREATE INDEX faults_open ON faults (machine_id) WHERE status <> 'resolved';

-- Cumulative cash counters as reported by the machine's coin mech and bill
-- validator. reading_seq increases by one per report.
CREATE TABLE counter_readings (
    machine_id     uuid NOT NULL REFERENCES machines (id),
    reading_seq    bigint NOT NULL,
    cash_in_cents  bigint NOT NULL,
    coins_cents    bigint NOT NULL,
    bills_cents    bigint NOT NULL,
    read_at        timestamptz NOT NULL,
    PRIMARY KEY (machine_id, reading_seq)
);
CREATE INDEX counter_readings_read_at ON counter_readings (machine_id, read_at DESC);

CREATE TABLE collections (
    id              text PRIMARY KEY,
    machine_id      uuid NOT NULL REFERENCES machines (id),
    driver_id       text NOT NULL,
    counted_cents   bigint NOT NULL CHECK (counted_cents >= 0),
    collected_at    timestamptz NOT NULL,
    status          text NOT NULL CHECK (status IN ('submitted', 'reconciled')),
    expected_cents  bigint,
    variance_cents  bigint,
    reconciled_at   timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collections_machine ON collections (machine_id, collected_at);

CREATE TABLE cash_variances (
    id             uuid PRIMARY KEY,
    collection_id  text NOT NULL REFERENCES collections (id),
    machine_id     uuid NOT NULL REFERENCES machines (id),
    variance_cents bigint NOT NULL,
    created_at     timestamptz NOT NULL
);
CREATE INDEX cash_variances_machine ON cash_variances (machine_id, created_at);

CREATE TABLE restock_orders (
    id                   uuid PRIMARY KEY,
    machine_id           uuid NOT NULL REFERENCES machines (id),
    source               text NOT NULL CHECK (source IN ('auto', 'manual')),
    status               text NOT NULL CHECK (status IN ('open', 'submitted', 'received', 'cancelled')),
    request_key          text UNIQUE,
    wholesaler_order_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    submitted_at         timestamptz,
    received_at          timestamptz
);
-- At most one automatic order in flight per machine.
CREATE UNIQUE INDEX restock_orders_one_auto_in_flight ON restock_orders (machine_id)
    WHERE source = 'auto' AND status IN ('open', 'submitted');

CREATE TABLE restock_order_lines (
    order_id    uuid NOT NULL REFERENCES restock_orders (id) ON DELETE CASCADE,
    product_id  uuid NOT NULL REFERENCES products (id),
    quantity    integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, product_id)
);

-- +goose Down
DROP TABLE restock_order_lines;
DROP TABLE restock_orders;
DROP TABLE cash_variances;
DROP TABLE collections;
DROP TABLE counter_readings;
DROP TABLE faults;
