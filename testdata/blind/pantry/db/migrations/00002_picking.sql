-- +goose Up
CREATE TABLE pick_lines (
    order_id   uuid NOT NULL REFERENCES orders (id),
    line_no    int NOT NULL,
    picked_qty int NOT NULL,
    picker_id  text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, line_no)
);

-- Append-only scan log from the handhelds; every attempt is kept on purpose.
CREATE TABLE pick_events (
    id        uuid PRIMARY KEY,
    order_id  uuid NOT NULL,
    line_no   int NOT NULL,
    picker_id text NOT NULL,
    action    text NOT NULL,
    qty       int NOT NULL,
    at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pick_events_order_idx ON pick_events (order_id, at);

CREATE TABLE substitutions (
    id               text PRIMARY KEY,
    order_id         uuid NOT NULL REFERENCES orders (id),
    line_no          int NOT NULL,
    substitute_sku   text NOT NULL,
    quantity         int NOT NULL,
    unit_price_cents bigint NOT NULL,
    proposed_by      text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX substitutions_order_idx ON substitutions (order_id);

CREATE TABLE bags (
    order_id uuid NOT NULL REFERENCES orders (id),
    bag_no   int NOT NULL,
    zone     text NOT NULL,
    label    text NOT NULL,
    PRIMARY KEY (order_id, bag_no)
);

CREATE TABLE shortages (
    order_id     uuid NOT NULL REFERENCES orders (id),
    line_no      int NOT NULL,
    short_qty    int NOT NULL,
    refund_cents bigint NOT NULL,
    reported_by  text NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, line_no)
);

-- Idempotency keys sent by the picker handhelds.
CREATE TABLE handheld_requests (
    key        text PRIMARY KEY,
    route      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE handheld_requests;
DROP TABLE shortages;
DROP TABLE bags;
DROP TABLE substitutions;
DROP TABLE pick_events;
DROP TABLE pick_lines;
