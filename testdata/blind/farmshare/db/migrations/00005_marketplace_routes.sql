-- +goose Up
CREATE TABLE addon_products (
    code        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    price_cents BIGINT NOT NULL CHECK (price_cents > 0),
    stock       INT NOT NULL DEFAULT 0 CHECK (stock >= 0),
    active      BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE addon_orders (
    id           TEXT PRIMARY KEY,
    member_id    TEXT NOT NULL REFERENCES members (id),
    client_key   TEXT NOT NULL,
    week_start   DATE NOT NULL,
    total_cents  BIGINT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'cancelled', 'fulfilled')),
    charge_id    TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    cancelled_at TIMESTAMPTZ,
    UNIQUE (member_id, client_key)
);

CREATE TABLE addon_order_lines (
    order_id     TEXT NOT NULL REFERENCES addon_orders (id) ON DELETE CASCADE,
    product_code TEXT NOT NULL REFERENCES addon_products (code),
    quantity     INT NOT NULL CHECK (quantity > 0),
    price_cents  BIGINT NOT NULL,
    cancelled_at TIMESTAMPTZ,
    refund_id    TEXT,
    PRIMARY KEY (order_id, product_code)
);

CREATE TABLE addon_fulfilments (
    order_id   TEXT PRIMARY KEY REFERENCES addon_orders (id),
    box_id     TEXT NOT NULL REFERENCES boxes (id),
    week_start DATE NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE delivery_routes (
    id                 TEXT PRIMARY KEY,
    pickup_point_id    TEXT NOT NULL REFERENCES pickup_points (id),
    week_start         DATE NOT NULL,
    status             TEXT NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'handed_off', 'accepted', 'delivered', 'failed')),
    box_count          INT NOT NULL DEFAULT 0,
    courier_handoff_id TEXT,
    tracking_url       TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (pickup_point_id, week_start)
);

CREATE TABLE route_stops (
    route_id   TEXT NOT NULL REFERENCES delivery_routes (id) ON DELETE CASCADE,
    box_id     TEXT NOT NULL REFERENCES boxes (id),
    member_id  TEXT NOT NULL REFERENCES members (id),
    status     TEXT NOT NULL DEFAULT 'pending',
    PRIMARY KEY (route_id, box_id)
);

CREATE TABLE delivery_events (
    courier_event_id TEXT PRIMARY KEY,
    route_id         TEXT NOT NULL REFERENCES delivery_routes (id),
    box_id           TEXT,
    status           TEXT NOT NULL,
    reason           TEXT,
    occurred_at      TIMESTAMPTZ NOT NULL,
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE delivery_events;
DROP TABLE route_stops;
DROP TABLE delivery_routes;
DROP TABLE addon_fulfilments;
DROP TABLE addon_order_lines;
DROP TABLE addon_orders;
DROP TABLE addon_products;
