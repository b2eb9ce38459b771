-- +goose Up
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE riders (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    phone                  text        NOT NULL,
    display_name           text        NOT NULL DEFAULT '',
    stripe_customer_id     text,
    payment_method_id      text,
    payment_method_brand   text,
    payment_method_last4   text,
    sms_receipts           boolean     NOT NULL DEFAULT true,
    autoreload_enabled     boolean     NOT NULL DEFAULT false,
    autoreload_threshold   bigint      NOT NULL DEFAULT 500,
    autoreload_amount      bigint      NOT NULL DEFAULT 2000,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX riders_phone_key ON riders (phone);

-- +goose Down
DROP TABLE riders;
