-- +goose Up
CREATE TABLE retailer_orders (
    id                  text PRIMARY KEY,
    retailer            text NOT NULL,
    purchase_id         text REFERENCES purchases (id),
    group_gift_id       text REFERENCES group_gifts (id),
    registry_id         text NOT NULL REFERENCES registries (id),
    retailer_sku        text NOT NULL,
    quantity            integer NOT NULL,
    status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'placed', 'shipped', 'delivered', 'cancelled', 'failed')),
    retailer_order_id   text,
    tracking_number     text NOT NULL DEFAULT '',
    carrier             text NOT NULL DEFAULT '',
    last_synced_at      timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT retailer_orders_purchase_key UNIQUE (purchase_id),
    CONSTRAINT retailer_orders_group_gift_key UNIQUE (group_gift_id),
    CONSTRAINT retailer_orders_source_chk CHECK ((purchase_id IS NULL) <> (group_gift_id IS NULL))
);

CREATE UNIQUE INDEX retailer_orders_retailer_ref_idx ON retailer_orders (retailer, retailer_order_id)
    WHERE retailer_order_id IS NOT NULL;

-- Append-only log of calls to the retailer order API, for support.
CREATE TABLE retailer_order_attempts (
    id             text PRIMARY KEY,
    order_id       text NOT NULL REFERENCES retailer_orders (id),
    attempt        integer NOT NULL,
    outcome        text NOT NULL,
    http_status    integer NOT NULL DEFAULT 0,
    detail         text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX retailer_order_attempts_order_idx ON retailer_order_attempts (order_id, created_at);

CREATE TABLE retailer_order_status_history (
    order_id     text NOT NULL REFERENCES retailer_orders (id),
    status       text NOT NULL,
    observed_at  timestamptz NOT NULL,
    source       text NOT NULL,
    PRIMARY KEY (order_id, status)
);

CREATE TABLE shipment_events (
    id                 text PRIMARY KEY,
    retailer           text NOT NULL,
    external_event_id  text NOT NULL,
    order_id           text NOT NULL REFERENCES retailer_orders (id),
    event_type         text NOT NULL,
    carrier            text NOT NULL DEFAULT '',
    tracking_number    text NOT NULL DEFAULT '',
    occurred_at        timestamptz NOT NULL,
    received_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT shipment_events_external_key UNIQUE (retailer, external_event_id)
);

-- +goose Down
DROP TABLE shipment_events;
DROP TABLE retailer_order_status_history;
DROP TABLE retailer_order_attempts;
DROP TABLE retailer_orders;
