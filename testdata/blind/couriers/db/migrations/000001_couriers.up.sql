CREATE TABLE couriers (
    id                   uuid        PRIMARY KEY,
    dispatch_courier_id  text        NOT NULL UNIQUE,
    display_name         text        NOT NULL,
    phone_e164           text        NOT NULL,
    stripe_account_id    text        UNIQUE,
    payouts_enabled      boolean     NOT NULL DEFAULT false,
    status               text        NOT NULL DEFAULT 'active'
                                     CHECK (status IN ('active', 'offboarded')),
    onboarded_at         timestamptz NOT NULL,
    offboarded_at        timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX couriers_status_idx ON couriers (status);
