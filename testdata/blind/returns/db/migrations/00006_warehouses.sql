-- +goose Up
CREATE TABLE merchant_warehouses (
    merchant_id  text PRIMARY KEY REFERENCES merchants (id),
    warehouse_id text NOT NULL,
    name         text NOT NULL,
    line1        text NOT NULL,
    line2        text NOT NULL DEFAULT '',
    city         text NOT NULL,
    region       text NOT NULL,
    postal_code  text NOT NULL,
    country      text NOT NULL
);

-- +goose Down
DROP TABLE merchant_warehouses;
