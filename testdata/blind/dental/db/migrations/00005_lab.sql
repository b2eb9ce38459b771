-- +goose Up
CREATE TABLE lab_cases (
    id           uuid PRIMARY KEY,
    practice_id  uuid NOT NULL REFERENCES practices (id),
    patient_id   uuid NOT NULL REFERENCES patients (id),
    associate_id uuid NOT NULL REFERENCES associates (id),
    tooth_number integer NOT NULL CHECK (tooth_number BETWEEN 1 AND 32),
    restoration  text NOT NULL,
    shade        text NOT NULL,
    scan_url     text NOT NULL,
    status       text NOT NULL CHECK (status IN ('draft', 'ordered', 'shipped', 'delivered', 'seated', 'cancelled')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lab_orders (
    id               text PRIMARY KEY,
    lab_case_id      uuid NOT NULL REFERENCES lab_cases (id),
    lab_order_number text NOT NULL UNIQUE,
    order_type       text NOT NULL CHECK (order_type IN ('new', 'remake')),
    status           text NOT NULL CHECK (status IN ('submitted', 'in_production', 'shipped', 'delivered', 'cancelled')),
    due_date         date,
    tracking_number  text,
    ordered_at       timestamptz NOT NULL,
    shipped_at       timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX lab_orders_case_idx ON lab_orders (lab_case_id);

CREATE TABLE lab_case_events (
    id           uuid PRIMARY KEY,
    lab_case_id  uuid NOT NULL REFERENCES lab_cases (id),
    lab_event_id text NOT NULL UNIQUE,
    event_type   text NOT NULL,
    payload      jsonb NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE lab_case_events;
DROP TABLE lab_orders;
DROP TABLE lab_cases;
