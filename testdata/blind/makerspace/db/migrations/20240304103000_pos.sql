-- migrate:up
CREATE TABLE material_packs (
    sku          text PRIMARY KEY,
    name         text NOT NULL,
    price_cents  bigint NOT NULL CHECK (price_cents >= 0),
    stock        integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pos_sales (
    id                text PRIMARY KEY,
    kiosk_id          text NOT NULL,
    member_id         text REFERENCES members (id),
    payment_method    text NOT NULL CHECK (payment_method IN ('tab', 'card')),
    kiosk_txn_id      text,
    total_cents       bigint NOT NULL,
    status            text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded')),
    processor_charge_id text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX pos_sales_kiosk_txn_key ON pos_sales (kiosk_id, kiosk_txn_id)
    WHERE kiosk_txn_id IS NOT NULL;

CREATE TABLE pos_sale_lines (
    sale_id           text NOT NULL REFERENCES pos_sales (id),
    sku               text NOT NULL REFERENCES material_packs (sku),
    quantity          integer NOT NULL CHECK (quantity > 0),
    unit_price_cents  bigint NOT NULL,
    PRIMARY KEY (sale_id, sku)
);

CREATE TABLE pos_refunds (
    id                   text PRIMARY KEY,
    sale_id              text NOT NULL REFERENCES pos_sales (id),
    refund_request_id    text NOT NULL,
    amount_cents         bigint NOT NULL CHECK (amount_cents > 0),
    reason               text NOT NULL DEFAULT '',
    status               text NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'succeeded', 'failed')),
    processor_refund_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT pos_refunds_request_key UNIQUE (sale_id, refund_request_id)
);

CREATE TABLE inventory_restocks (
    id          text PRIMARY KEY,
    sku         text NOT NULL REFERENCES material_packs (sku),
    quantity    integer NOT NULL,
    supplier    text NOT NULL,
    received_at timestamptz NOT NULL
);

-- Consumers that have no natural key in the payload record the stream sequence here.
CREATE TABLE processed_messages (
    stream       text NOT NULL,
    consumer     text NOT NULL,
    stream_seq   bigint NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (stream, consumer, stream_seq)
);

-- migrate:down
DROP TABLE processed_messages;
DROP TABLE inventory_restocks;
DROP TABLE pos_refunds;
DROP TABLE pos_sale_lines;
DROP TABLE pos_sales;
DROP TABLE material_packs;
