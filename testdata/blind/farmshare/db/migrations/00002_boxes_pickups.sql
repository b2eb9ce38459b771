-- +goose Up
CREATE TABLE products (
    code        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    unit        TEXT NOT NULL,
    swappable   BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE plan_templates (
    plan_id      TEXT NOT NULL REFERENCES plans (id),
    product_code TEXT NOT NULL REFERENCES products (code),
    quantity     INT  NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (plan_id, product_code)
);

CREATE TABLE boxes (
    id              TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    week_start      DATE NOT NULL,
    status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'locked', 'packed', 'skipped')),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (subscription_id, week_start)
);

CREATE TABLE box_items (
    box_id       TEXT NOT NULL REFERENCES boxes (id) ON DELETE CASCADE,
    product_code TEXT NOT NULL REFERENCES products (code),
    quantity     INT  NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (box_id, product_code)
);

CREATE TABLE box_swaps (
    id           TEXT PRIMARY KEY,
    box_id       TEXT NOT NULL REFERENCES boxes (id) ON DELETE CASCADE,
    remove_code  TEXT NOT NULL REFERENCES products (code),
    add_code     TEXT NOT NULL REFERENCES products (code),
    quantity     INT  NOT NULL DEFAULT 1,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX box_swaps_box_idx ON box_swaps (box_id);

CREATE TABLE pickup_reservations (
    id              TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    pickup_point_id TEXT NOT NULL REFERENCES pickup_points (id),
    week_start      DATE NOT NULL,
    slot_start      TIMESTAMPTZ NOT NULL,
    slot_end        TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (subscription_id, week_start)
);
CREATE INDEX pickup_reservations_point_week_idx ON pickup_reservations (pickup_point_id, week_start);

-- +goose Down
DROP TABLE pickup_reservations;
DROP TABLE box_swaps;
DROP TABLE box_items;
DROP TABLE boxes;
DROP TABLE plan_templates;
DROP TABLE products;
