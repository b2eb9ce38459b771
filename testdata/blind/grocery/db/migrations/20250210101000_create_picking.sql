-- migrate:up
CREATE TABLE pick_sessions (
    id          uuid PRIMARY KEY,
    order_id    uuid        NOT NULL UNIQUE REFERENCES orders (id),
    picker_id   text        NOT NULL,
    started_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE picked_items (
    order_id    uuid        NOT NULL REFERENCES orders (id),
    line_id     uuid        NOT NULL REFERENCES order_lines (id),
    picked_qty  integer     NOT NULL CHECK (picked_qty >= 0),
    scanned_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, line_id)
);

CREATE TABLE substitutions (
    id                 uuid PRIMARY KEY,
    event_id           text        NOT NULL UNIQUE,
    order_id           uuid        NOT NULL REFERENCES orders (id),
    line_id            uuid        NOT NULL REFERENCES order_lines (id),
    original_sku       text        NOT NULL,
    substitute_sku     text        NOT NULL,
    substitute_name    text        NOT NULL,
    quantity           integer     NOT NULL,
    unit_price_pence   bigint      NOT NULL,
    price_delta_pence  bigint      NOT NULL,
    auth_adjusted      boolean     NOT NULL DEFAULT false,
    decision           text,
    decided_at         timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX substitutions_order_idx ON substitutions (order_id);

CREATE TABLE shortages (
    order_id     uuid        NOT NULL REFERENCES orders (id),
    line_id      uuid        NOT NULL REFERENCES order_lines (id),
    missing_qty  integer     NOT NULL CHECK (missing_qty > 0),
    reported_at  timestamptz NOT NULL,
    PRIMARY KEY (order_id, line_id)
);

-- migrate:down
DROP TABLE shortages;
DROP TABLE substitutions;
DROP TABLE picked_items;
DROP TABLE pick_sessions;
