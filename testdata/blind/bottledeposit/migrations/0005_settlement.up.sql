-- Monthly shop settlement, recycler reporting and pickups.

CREATE TABLE settlements (
    id                        text PRIMARY KEY,
    shop_id                   text NOT NULL REFERENCES shops (id),
    period_start              date NOT NULL,
    period_end                date NOT NULL,
    reimbursed_cents          bigint NOT NULL,
    containers                bigint NOT NULL,
    handling_fee_cents        bigint NOT NULL,
    total_cents               bigint NOT NULL,
    status                    text NOT NULL DEFAULT 'approved',
    bank_payment_id           text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    paid_at                   timestamptz
);

CREATE INDEX settlements_shop_period_idx ON settlements (shop_id, period_start);

CREATE TABLE recycler_stock (
    recycler_id               text NOT NULL REFERENCES recyclers (id),
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    material                  text NOT NULL,
    weight_grams              bigint NOT NULL DEFAULT 0,
    bags                      integer NOT NULL DEFAULT 0,
    updated_at                timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (recycler_id, kiosk_id, material)
);

CREATE TABLE collection_bags (
    seal_no                   text PRIMARY KEY,
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    recycler_id               text NOT NULL REFERENCES recyclers (id),
    material                  text NOT NULL,
    weight_grams              integer NOT NULL,
    collected_at              timestamptz NOT NULL
);

CREATE TABLE recycler_pickups (
    id                        text PRIMARY KEY,
    booking_ref               text NOT NULL,
    recycler_id               text NOT NULL REFERENCES recyclers (id),
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    window_start              timestamptz NOT NULL,
    window_end                timestamptz NOT NULL,
    status                    text NOT NULL DEFAULT 'booked',
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recycler_reports (
    recycler_id               text NOT NULL REFERENCES recyclers (id),
    period_start              date NOT NULL,
    report_ref                text NOT NULL UNIQUE,
    totals                    jsonb NOT NULL,
    partner_receipt           text,
    submitted_at              timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (recycler_id, period_start)
);
