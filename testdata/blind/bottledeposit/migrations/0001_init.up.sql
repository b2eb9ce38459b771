-- Core reference data: shops, kiosks, recyclers.

CREATE TABLE shops (
    id                        text PRIMARY KEY,
    name                      text NOT NULL,
    iban                      text NOT NULL,
    account_holder            text NOT NULL,
    handling_fee_cents        integer NOT NULL DEFAULT 2,
    active                    boolean NOT NULL DEFAULT true,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recyclers (
    id                        text PRIMARY KEY,
    name                      text NOT NULL,
    partner_account           text NOT NULL,
    pickup_threshold_grams    bigint NOT NULL DEFAULT 250000,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE kiosks (
    id                        text PRIMARY KEY,
    shop_id                   text NOT NULL REFERENCES shops (id),
    recycler_id               text NOT NULL REFERENCES recyclers (id),
    serial                    text NOT NULL UNIQUE,
    model                     text NOT NULL,
    site_contact_phone        text NOT NULL DEFAULT '',
    status                    text NOT NULL DEFAULT 'active',
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX kiosks_shop_idx ON kiosks (shop_id);
