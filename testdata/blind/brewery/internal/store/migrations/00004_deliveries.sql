-- +goose Up
CREATE TABLE delivery_routes (
    id          UUID PRIMARY KEY,
    depot       TEXT        NOT NULL,
    route_date  DATE        NOT NULL,
    driver      TEXT        NOT NULL DEFAULT '',
    truck       TEXT        NOT NULL DEFAULT '',
    status      TEXT        NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'dispatched', 'closed')),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at TIMESTAMPTZ,
    CONSTRAINT delivery_routes_depot_date_uniq UNIQUE (depot, route_date)
);

CREATE TABLE deliveries (
    id            UUID PRIMARY KEY,
    route_id      UUID        NOT NULL REFERENCES delivery_routes (id),
    order_id      UUID        NOT NULL REFERENCES orders (id),
    stop_seq      INTEGER     NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'scheduled'
                  CHECK (status IN ('scheduled', 'out_for_delivery', 'delivered', 'failed')),
    delivered_at  TIMESTAMPTZ,
    signed_by     TEXT,
    reschedule_for DATE,
    CONSTRAINT deliveries_order_uniq UNIQUE (order_id)
);

CREATE TABLE delivery_attempts (
    id            UUID PRIMARY KEY,
    delivery_id   UUID        NOT NULL REFERENCES deliveries (id),
    attempt_no    INTEGER     NOT NULL,
    reason        TEXT        NOT NULL,
    attempted_at  TIMESTAMPTZ NOT NULL,
    recorded_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT delivery_attempts_no_uniq UNIQUE (delivery_id, attempt_no)
);

-- +goose Down
DROP TABLE delivery_attempts;
DROP TABLE deliveries;
DROP TABLE delivery_routes;
