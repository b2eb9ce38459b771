-- +goose Up
CREATE TABLE vouchers (
    id          uuid PRIMARY KEY,
    member_id   uuid        NOT NULL REFERENCES members (id),
    code        text        NOT NULL UNIQUE,
    points      bigint      NOT NULL,
    value_cents bigint      NOT NULL,
    status      text        NOT NULL,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE catalogue_orders (
    id               text PRIMARY KEY,
    member_id        uuid        NOT NULL REFERENCES members (id),
    sku              text        NOT NULL,
    quantity         integer     NOT NULL,
    points           bigint      NOT NULL,
    client_reference text        NOT NULL,
    partner_order_id text UNIQUE,
    status           text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE catalogue_order_events (
    order_id    text        NOT NULL REFERENCES catalogue_orders (id),
    event_type  text        NOT NULL,
    payload     jsonb,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, event_type)
);

CREATE TABLE shipments (
    partner_order_id text PRIMARY KEY,
    carrier          text        NOT NULL,
    tracking_number  text        NOT NULL,
    shipped_at       timestamptz NOT NULL
);

-- +goose Down
DROP TABLE shipments;
DROP TABLE catalogue_order_events;
DROP TABLE catalogue_orders;
DROP TABLE vouchers;
