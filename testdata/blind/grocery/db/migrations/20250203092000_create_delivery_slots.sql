-- migrate:up
CREATE TABLE delivery_slots (
    id          uuid PRIMARY KEY,
    store_id    text        NOT NULL REFERENCES partner_stores (id),
    starts_at   timestamptz NOT NULL,
    ends_at     timestamptz NOT NULL,
    capacity    integer     NOT NULL CHECK (capacity >= 0),
    reserved    integer     NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    fee_pence   bigint      NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (store_id, starts_at)
);

CREATE TABLE slot_reservations (
    id          uuid PRIMARY KEY,
    slot_id     uuid        NOT NULL REFERENCES delivery_slots (id),
    basket_id   uuid        NOT NULL REFERENCES baskets (id),
    order_id    uuid,
    status      text        NOT NULL DEFAULT 'held',
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX slot_reservations_basket_idx ON slot_reservations (basket_id);
CREATE INDEX slot_reservations_slot_status_idx ON slot_reservations (slot_id, status);

-- migrate:down
DROP TABLE slot_reservations;
DROP TABLE delivery_slots;
