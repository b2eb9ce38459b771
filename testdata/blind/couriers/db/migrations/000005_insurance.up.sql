CREATE TABLE insurance_enrollments (
    id                    uuid        PRIMARY KEY,
    courier_id            uuid        NOT NULL UNIQUE REFERENCES couriers (id),
    plan_code             text        NOT NULL,
    weekly_premium_cents  bigint      NOT NULL CHECK (weekly_premium_cents >= 0),
    insurer_member_id     text,
    status                text        NOT NULL DEFAULT 'pending'
                                      CHECK (status IN ('pending', 'active', 'lapsed')),
    enrolled_at           timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

-- Monthly remittance of collected premiums, one per plan per month.
CREATE TABLE premium_remittances (
    id                     uuid        PRIMARY KEY,
    period_month           date        NOT NULL,
    plan_code              text        NOT NULL,
    member_count           integer     NOT NULL,
    total_cents            bigint      NOT NULL,
    status                 text        NOT NULL DEFAULT 'pending'
                                       CHECK (status IN ('pending', 'submitted', 'settled', 'rejected')),
    insurer_remittance_id  text        UNIQUE,
    submitted_at           timestamptz,
    settled_at             timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now(),
    UNIQUE (period_month, plan_code)
);

-- Premiums withheld from weekly payouts; summed into the monthly remittance.
CREATE TABLE premium_withholdings (
    payout_id     uuid        NOT NULL REFERENCES payouts (id),
    courier_id    uuid        NOT NULL REFERENCES couriers (id),
    plan_code     text        NOT NULL,
    amount_cents  bigint      NOT NULL,
    withheld_on   date        NOT NULL,
    PRIMARY KEY (payout_id, plan_code)
);
