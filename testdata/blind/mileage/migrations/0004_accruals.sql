-- 0004: partner accruals

-- Card issuer and hotel statements: one row per partner transaction.
CREATE TABLE partner_accruals (
    id              bigserial PRIMARY KEY,
    partner_code    text        NOT NULL,
    partner_txn_id  text        NOT NULL,
    member_id       uuid        NOT NULL REFERENCES members (id),
    category        text        NOT NULL,
    base_miles      bigint      NOT NULL,
    bonus_miles     bigint      NOT NULL DEFAULT 0,
    activity_date   date        NOT NULL,
    received_at     timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX partner_accruals_txn_key ON partner_accruals (partner_code, partner_txn_id);

CREATE TABLE rental_accruals (
    id                uuid PRIMARY KEY,
    member_id         uuid        NOT NULL REFERENCES members (id),
    rental_company    text        NOT NULL,
    agreement_number  text        NOT NULL,
    rental_days       int         NOT NULL,
    miles             bigint      NOT NULL,
    pickup_date       date        NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rental_accruals_agreement_idx ON rental_accruals (rental_company, agreement_number);

CREATE TABLE flight_credits (
    id              bigserial PRIMARY KEY,
    member_id       uuid        NOT NULL REFERENCES members (id),
    ticket_number   text        NOT NULL,
    coupon_number   int         NOT NULL,
    marketing_carrier char(2)   NOT NULL,
    flight_number   text        NOT NULL,
    flight_date     date        NOT NULL,
    fare_class      char(1)     NOT NULL,
    miles           bigint      NOT NULL,
    tier_miles      bigint      NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX flight_credits_coupon_key ON flight_credits (ticket_number, coupon_number);

CREATE TABLE retro_claims (
    id              text PRIMARY KEY,
    member_id       uuid        NOT NULL REFERENCES members (id),
    ticket_number   text        NOT NULL,
    flight_number   text        NOT NULL,
    flight_date     date        NOT NULL,
    status          text        NOT NULL DEFAULT 'open',
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX retro_claims_member_idx ON retro_claims (member_id, created_at DESC);
