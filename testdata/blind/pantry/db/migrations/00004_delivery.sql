-- +goose Up
CREATE TABLE deliveries (
    order_id         uuid PRIMARY KEY REFERENCES orders (id),
    client_reference text NOT NULL,
    booking_id       text NOT NULL DEFAULT '',
    status           text NOT NULL DEFAULT 'pending',
    tracking_url     text NOT NULL DEFAULT '',
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE delivery_events (
    order_id  uuid NOT NULL REFERENCES orders (id),
    event     text NOT NULL,
    driver_id text NOT NULL DEFAULT '',
    at        timestamptz NOT NULL,
    PRIMARY KEY (order_id, event)
);

CREATE TABLE notifications (
    order_id   uuid NOT NULL REFERENCES orders (id),
    kind       text NOT NULL,
    phone      text NOT NULL,
    status     text NOT NULL DEFAULT 'pending',
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, kind)
);

-- +goose Down
DROP TABLE notifications;
DROP TABLE delivery_events;
DROP TABLE deliveries;
